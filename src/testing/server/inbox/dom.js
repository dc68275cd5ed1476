// @ts-check
/**
 * DOM helpers of the inbox page. Every string becomes a text node or an attribute value:
 * nothing here parses HTML, so a message body of `<img src=x onerror=alert(1)>` shows those
 * characters. Links and images take only http(s) URLs (and the page's own `#`/`/` paths).
 */

/**
 * @typedef {Node | string | number | null | undefined | false | ChildList} Child
 * @typedef {Array<Child>} ChildList
 */

/**
 * Whether `url` may go into an `href` or `src`: http(s), or a path or fragment of this page.
 * @param {unknown} url
 */
export function isSafeUrl(url) {
  if (typeof url !== 'string') return false;
  if (url.startsWith('#') || (url.startsWith('/') && !url.startsWith('//'))) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * @param {Element} parent
 * @param {Child[]} children
 */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * Creates an element. `props` are attributes, except `on` (event listeners) and `dataset`.
 * An `href` or `src` that is not a safe URL is left out; inline handlers are refused.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'on') {
      for (const [type, listener] of Object.entries(/** @type {Record<string, EventListener>} */ (value)))
        el.addEventListener(type, listener);
    } else if (name === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (/^on/i.test(name)) {
      throw new Error(`inline handler ${name} refused`);
    } else if ((name === 'href' || name === 'src') && !isSafeUrl(value)) {
    } else {
      el.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/**
 * Replaces the children of `parent`.
 * @param {Element} parent
 * @param {...Child} children
 */
export function replace(parent, ...children) {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * The element with this id, or an error naming it.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return /** @type {T} */ (el);
}

/** @param {string | null | undefined} iso */
export function formatTime(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** @param {string | null | undefined} iso */
export function timeElement(iso) {
  return h('time', { datetime: iso ?? undefined }, formatTime(iso));
}

/**
 * A `<dl>` of label/value pairs (values as text; `null`/`undefined` shown as —).
 * @param {[string, unknown][]} pairs
 */
export function definitionList(pairs) {
  return h(
    'dl',
    { class: 'pairs' },
    pairs.map(([label, value]) => [
      h('dt', {}, label),
      h('dd', {}, value === null || value === undefined || value === '' ? '—' : String(value)),
    ]),
  );
}

/**
 * `1 channel message`, `2 channel messages`: a count with its noun in agreement.
 * @param {number} n
 * @param {string} noun
 * @param {string} [plural]
 */
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

/**
 * A small label such as "revoked" or "retry".
 * @param {string} text
 * @param {string} [kind]
 */
export function badge(text, kind = '') {
  return h('span', { class: `badge ${kind}`.trim() }, text);
}
