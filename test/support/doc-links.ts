/**
 * The link check of the documents (docs-links.test.ts): every relative link and `#anchor` of
 * a markdown file must lead somewhere, as GitHub resolves it. A link to a file must name one
 * that exists in the repository (README.md's `docs/bulk.md`, a guide's `../src/proxy/handler.ts`);
 * an anchor must be the slug GitHub gives one of the target's headings; a link written
 * ``[`Name`](…/src/….ts)``, a guide naming an export, must point at the file that declares it.
 * Links with a scheme (`https:`, `mailto:`) and anything inside code are not checked.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

/** One dead link: where it is written (`docs/bulk.md:12`), what it points at, and why it leads nowhere. */
export interface DeadLink {
  where: string;
  target: string;
  problem: string;
}

const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
/** A code span: backticks, then text up to as many backticks, within one paragraph (no blank line). */
const CODE_SPAN = /(`+)(?!`)(?:[^`\n]|`(?!\1)|\n(?![ \t]*\n))+?\1(?!`)/g;

/** `text` with every fenced block and code span blanked out (newlines kept, so lines still count). */
function withoutCode(text: string): string {
  const blank = (code: string) => code.replace(/[^\n]/g, ' ');
  return text.replace(FENCED, blank).replace(CODE_SPAN, blank);
}

/** A heading's anchor as GitHub makes it (github-slugger): lower case, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors of a markdown file's headings, numbered as GitHub numbers repeats (`-1`, `-2`). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const outsideCode = markdown.replace(FENCED, '');
  for (const [, heading] of outsideCode.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = githubSlug(heading!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The links of a markdown file, outside code: inline links and images, and reference definitions. */
function linksOf(markdown: string): { label: string; target: string; line: number }[] {
  const lineOf = (at: number) => markdown.slice(0, at).split('\n').length;
  const bare = withoutCode(markdown);
  const links: { label: string; target: string; line: number }[] = [];
  for (const m of bare.matchAll(/\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    // The label as written (its code spans are blank in `bare`).
    links.push({ label: markdown.slice(m.index + 1, m.index + 1 + m[1]!.length), target: m[2]!, line: lineOf(m.index) });
  }
  for (const m of bare.matchAll(/^ {0,3}\[([^\]]+)\]:[ \t]*<?(\S+?)>?(?:[ \t]+.*)?$/gm)) {
    links.push({ label: m[1]!, target: m[2]!, line: lineOf(m.index) });
  }
  return links;
}

/** Whether `source` (TypeScript) declares `name`: a class, function, const, type or interface of that name. */
function declares(source: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(`\\b(class|function\\*?|const|let|type|interface|enum)\\s+${escaped}\\b`).test(source);
}

/**
 * The dead links of `files` (markdown, relative to `root`). Each target is resolved as GitHub
 * resolves it, from the file's folder, and must stay inside `root`.
 */
export function deadLinks(root: string, files: string[]): DeadLink[] {
  const dead: DeadLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchorCache.get(path)!;
  };
  for (const file of files) {
    const path = join(root, file);
    for (const { label, target, line } of linksOf(readFileSync(path, 'utf8'))) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue; // https:, mailto:: not a file of this repository
      const report = (problem: string) => dead.push({ where: `${file}:${line}`, target, problem });
      const hash = target.indexOf('#');
      const [pathPart, anchor] = hash < 0 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
      let targetPath = path;
      if (pathPart !== '') {
        let decoded: string;
        try {
          decoded = decodeURIComponent(pathPart);
        } catch {
          report('is not a valid URL path');
          continue;
        }
        targetPath = resolve(dirname(path), decoded);
        if (relative(root, targetPath).startsWith('..')) {
          report('points outside the repository');
          continue;
        }
        if (!existsSync(targetPath)) {
          report('names no file or folder');
          continue;
        }
      }
      if (anchor !== undefined) {
        if (statSync(targetPath).isDirectory() || extname(targetPath) !== '.md')
          report('has an anchor, but its target is not a markdown file');
        else if (!anchors(targetPath).has(anchor)) report(`names no heading of ${relative(root, targetPath)}`);
        continue;
      }
      // A guide naming an export (``[`createProxy`](../src/proxy/handler.ts)``): the file declares it.
      const exportName = /^`([\w$]+)`$/.exec(label)?.[1];
      if (exportName && /\.ts$/.test(targetPath) && relative(root, targetPath).startsWith('src/')) {
        if (!declares(readFileSync(targetPath, 'utf8'), exportName)) report(`does not declare ${exportName}`);
      }
    }
  }
  return dead;
}

/**
 * Where code and notes name a guide in words, as an error message or a comment does
 * (`docs/errors.md, "What is retried"`, `opslink/docs/browser-apps.md#dns-rebinding`): each
 * such mention in `files` must name a guide that exists and, when it names a section, a
 * heading of it (by its words, or by its anchor).
 */
export function deadMentions(root: string, files: string[]): DeadLink[] {
  const dead: DeadLink[] = [];
  const mention = /\bdocs\/([\w-]+)\.md(?:#([\w-]+)|,\s*(?:\*\s*|\/\/\s*)?"([^"]+)")?/g;
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(mention)) {
      const [written, guide, anchor, heading] = m;
      const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
      const path = join(root, 'docs', `${guide}.md`);
      if (!existsSync(path)) {
        dead.push({ where, target: written!, problem: 'names no guide' });
        continue;
      }
      // A section's words may run over a line break, and a comment's `*` or `//` with them.
      const words = heading?.replace(/\s*\n\s*(?:\*(?!\*)|\/\/)?\s*/g, ' ');
      const wanted = anchor ?? (words === undefined ? undefined : githubSlug(words));
      if (wanted !== undefined && !anchorsOf(readFileSync(path, 'utf8')).has(wanted)) {
        dead.push({ where, target: written!, problem: `names no heading of docs/${guide}.md` });
      }
    }
  }
  return dead;
}
