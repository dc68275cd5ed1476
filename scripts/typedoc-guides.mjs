// @ts-check
/**
 * The guides of docs/ in the API reference (typedoc.json: `projectDocuments`, `plugin`).
 *
 * - A guide's page is named by its title, the first heading (`# Browser apps and the proxy`),
 *   rather than its file name, and keeps its file name as its address
 *   (`documents/browser-apps.html`), as stable as the guide's own path (router `guides`).
 * - The guides are listed in the order of the README's map of them (its section "Guides").
 * - A guide names an export as a link to the source file that declares it,
 *   ``[`createProxy`](../src/proxy/handler.ts)``: on GitHub that opens the declaration and its
 *   doc comment; in the site it goes to the export's page of the reference. A name the
 *   reference does not hold is a warning (an error under `treatWarningsAsErrors`), as a dead
 *   `{@link}` is, so a renamed export cannot leave a guide pointing nowhere.
 *
 * The reference's pages link to the guides from the modules' doc comments (a relative link
 * to docs/<guide>.md, which TypeDoc turns into the guide's page).
 */
import { readFileSync } from 'node:fs';
import { Converter, KindRouter, MarkdownEvent } from 'typedoc';

/** A link to an export, as a guide writes it and as TypeDoc has rendered its target: a copy of the source in media/. */
const SOURCE_LINK = /\[`([\w$]+)`\]\(([^)\s]*?media\/[^)\s]+\.ts)\)/g;

/**
 * The export `name`: opslink's own first, then the other entry points'; a re-export is followed
 * to what it names.
 * @param {import('typedoc').ProjectReflection} project
 * @param {string} name
 */
function exported(project, name) {
  const modules = [...(project.children ?? [])].sort((a, b) => Number(b.name === 'opslink') - Number(a.name === 'opslink'));
  for (const module of modules) {
    const child = module.getChildByName([name]);
    if (child) return child.isReference() ? child.getTargetReflectionDeep() : child;
  }
  return undefined;
}

/** Each guide's file name (`browser-apps`), by its page: its name is its title. */
const fileNames = new WeakMap();

/** TypeDoc's default router (`kind`), but a guide's page is named after its file. */
class GuidesRouter extends KindRouter {
  /** @param {import('typedoc').Reflection} reflection */
  getIdealBaseName(reflection) {
    const file = fileNames.get(reflection);
    return file ? `documents/${file}` : super.getIdealBaseName(reflection);
  }
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.defineRouter('guides', GuidesRouter);
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const text = document.content.map((part) => part.text).join('');
    const title = /^# (.+)$/m.exec(text)?.[1];
    fileNames.set(document, document.name);
    if (title) document.name = title.replace(/`/g, '');
  });

  // After TypeDoc's own sorting (-100): the guides in the README's order (one it does not
  // name last), then the modules as TypeDoc placed them.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const readme = readFileSync(app.options.getValue('readme'), 'utf8');
      const map = readme.slice(Math.max(0, readme.search(/^## Guides$/m)));
      const place = (/** @type {import('typedoc').Reflection} */ reflection) => {
        if (!fileNames.has(reflection)) return Number.MAX_SAFE_INTEGER;
        const at = map.indexOf(`(docs/${fileNames.get(reflection)}.md`);
        return at < 0 ? Number.MAX_SAFE_INTEGER - 1 : at;
      };
      const { project } = context;
      project.documents?.sort((a, b) => place(a) - place(b));
      project.childrenIncludingDocuments?.sort((a, b) => place(a) - place(b));
    },
    -200,
  );

  // Before the markdown is rendered (MarkedPlugin listens at priority 0).
  app.renderer.on(
    MarkdownEvent.PARSE,
    (event) => {
      const from = event.page.model;
      if (!from.isDocument()) return;
      event.parsedText = event.parsedText.replace(SOURCE_LINK, (link, name) => {
        const target = exported(from.project, name);
        if (!target) {
          app.logger.warn(`${from.name}: [\`${name}\`] links to a source file, but the reference has no export named ${name}`);
          return link;
        }
        return `[\`${name}\`](${app.renderer.router?.relativeUrl(from, target)})`;
      });
    },
    100,
  );
}
