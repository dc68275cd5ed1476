// @ts-check
/**
 * A channel message's embed, drawn the way the chat platform shows one: a colour bar on the
 * left, the author (icon and name, linked when it has a URL), the title (a link when the
 * embed has a URL), the description, fields (inline ones two per row), a full-width image,
 * a thumbnail at the top right, and the footer (icon, text, timestamp). Text is text:
 * nothing is parsed as HTML or markdown.
 */
import { formatTime, h, isSafeUrl } from './dom.js';

/**
 * @typedef {{ name?: unknown; url?: unknown; icon_url?: unknown }} EmbedAuthor
 * @typedef {{ name?: unknown; value?: unknown; inline?: unknown }} EmbedField
 * @typedef {{
 *   title?: unknown; description?: unknown; url?: unknown; color?: unknown; timestamp?: unknown;
 *   author?: EmbedAuthor; footer?: { text?: unknown; icon_url?: unknown };
 *   image?: { url?: unknown }; thumbnail?: { url?: unknown }; fields?: EmbedField[];
 * }} Embed
 */

/** @param {unknown} value */
const str = (value) => (typeof value === 'string' ? value : undefined);

/**
 * An image from a URL of the embed (http(s) only); hidden if it fails to load.
 * @param {unknown} url
 * @param {string} className
 * @param {string} alt
 */
function image(url, className, alt) {
  if (!isSafeUrl(url) || String(url).startsWith('#')) return null;
  const img = h('img', { class: className, src: String(url), alt, loading: 'lazy', referrerpolicy: 'no-referrer', decoding: 'async' });
  img.addEventListener('error', () => img.classList.add('broken'));
  return img;
}

/**
 * Text that is a link when `url` is a safe http(s) URL.
 * @param {string} text
 * @param {unknown} url
 * @param {string} className
 */
function maybeLink(text, url, className) {
  return isSafeUrl(url) && !String(url).startsWith('#')
    ? h('a', { class: className, href: String(url), target: '_blank', rel: 'noopener noreferrer' }, text)
    : h('span', { class: className }, text);
}

/** @param {EmbedAuthor | undefined} author */
function authorRow(author) {
  const name = str(author?.name);
  if (!author || (!name && !author.icon_url)) return null;
  return h(
    'div',
    { class: 'embed-author' },
    image(author.icon_url, 'embed-author-icon', ''),
    name ? maybeLink(name, author.url, 'embed-author-name') : null,
  );
}

/** @param {EmbedField[] | undefined} fields */
function fieldGrid(fields) {
  if (!Array.isArray(fields) || fields.length === 0) return null;
  return h(
    'div',
    { class: 'embed-fields' },
    fields.map((field) =>
      h(
        'div',
        { class: field?.inline === true ? 'embed-field inline' : 'embed-field' },
        h('div', { class: 'embed-field-name' }, str(field?.name) ?? ''),
        h('div', { class: 'embed-field-value' }, str(field?.value) ?? ''),
      ),
    ),
  );
}

/** @param {Embed} embed */
function footerRow(embed) {
  const text = str(embed.footer?.text);
  const time = str(embed.timestamp);
  if (!text && !time && !embed.footer?.icon_url) return null;
  return h(
    'div',
    { class: 'embed-footer' },
    image(embed.footer?.icon_url, 'embed-footer-icon', ''),
    text ? h('span', { class: 'embed-footer-text' }, text) : null,
    text && time ? h('span', { class: 'embed-footer-dot', 'aria-hidden': 'true' }, ' • ') : null,
    time ? h('time', { class: 'embed-timestamp', datetime: time }, formatTime(time)) : null,
  );
}

/**
 * @param {Embed} embed
 * @param {number} index
 */
export function renderEmbed(embed, index) {
  const color = typeof embed.color === 'number' && Number.isInteger(embed.color) ? `#${embed.color.toString(16).padStart(6, '0')}` : null;
  const title = str(embed.title);
  const description = str(embed.description);
  const box = h(
    'article',
    { class: 'embed', 'aria-label': `Embed ${index + 1}${title ? `: ${title}` : ''}`, dataset: { embed: String(index) } },
    h(
      'div',
      { class: 'embed-main' },
      authorRow(embed.author),
      title ? maybeLink(title, embed.url, 'embed-title') : null,
      description ? h('div', { class: 'embed-description' }, description) : null,
      fieldGrid(embed.fields),
      image(embed.image?.url, 'embed-image', title ? `Image of ${title}` : 'Embed image'),
      footerRow(embed),
    ),
    image(embed.thumbnail?.url, 'embed-thumbnail', 'Thumbnail'),
  );
  // The colour bar is the embed's own colour, set through the CSSOM (no inline style attribute).
  if (color) box.style.setProperty('--embed-color', color);
  return box;
}
