/**
 * Help texts, made from the command declarations: a command's, a group's (`opslink orders
 * --help`) and the top one. Every line fits 80 columns: options in two aligned columns
 * (short flag, long flag and value; then the help, wrapped under itself), paragraphs
 * wrapped, and examples broken at spaces with a shell line continuation (`\`).
 */
import { type CommandSpec, GLOBAL_OPTIONS, globalsOf, type Options } from './args.js';

export const HELP_WIDTH = 80;

/** Exit codes, and the one rule for flag values, as every help states them. */
export const EXIT_HELP =
  'Exit codes: 0 ok; 1 invalid input (data the services refuse: a text, an id, a CSV row); ' +
  '2 usage (an unknown command or flag, a flag value the command cannot use such as ' +
  '--format xml, --max abc or --concurrency 0, a missing credential); 3 the service refused; ' +
  '4 network or timeout; 130 Ctrl-C.';

/** `text` in lines of at most `width` characters, broken at spaces; the first line starts after `first`, the others after `indent`. */
export function wrap(text: string, width = HELP_WIDTH, indent = '', first = indent): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
      empty = true;
    }
    line += `${empty ? '' : ' '}${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** Paragraphs (separated by a blank line) wrapped. */
const paragraphs = (text: string) => text.split(/\n\s*\n/).flatMap((p, i) => [...(i ? [''] : []), ...wrap(p)]);

/** Options as two columns, aligned on one width for every section given. */
function optionColumns(sections: [string, Options][]): string[] {
  const rows = sections.map(
    ([title, options]) =>
      [
        title,
        Object.entries(options).map(([name, o]) => {
          const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
          return [flag, `${o.help}${o.multiple ? ' (repeatable)' : ''}`] as const;
        }),
      ] as const,
  );
  // Flags longer than this put their help on the next line rather than squeeze every help.
  const width = Math.min(30, Math.max(...rows.flatMap(([, r]) => r.map(([f]) => f.length))));
  const indent = ' '.repeat(2 + width + 2);
  const lines: string[] = [];
  for (const [title, options] of rows) {
    if (options.length === 0) continue;
    lines.push('', `${title}:`);
    for (const [flag, help] of options) {
      if (flag.length > width) lines.push(`  ${flag}`, ...wrap(help, HELP_WIDTH, indent));
      else lines.push(...wrap(help, HELP_WIDTH, indent, `  ${flag.padEnd(width)}  `));
    }
  }
  return lines;
}

/**
 * A shell command as help lines: `  $ ` then the command, broken at spaces outside quotes
 * with ` \` (a word longer than a line stays whole); what the shell reads is unchanged.
 */
export function exampleLines(command: string): string[] {
  const words: string[] = [];
  let quote: string | undefined;
  let word = '';
  for (const char of command) {
    if (quote === undefined && char === ' ') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (char === quote) quote = undefined;
    else if (quote === undefined && (char === '"' || char === "'")) quote = char;
    word += char;
  }
  if (word) words.push(word);
  const lines: string[] = [];
  let line = '  $';
  for (const w of words) {
    if (line.trim() !== '$' && line.length + 1 + w.length + 2 > HELP_WIDTH) {
      lines.push(`${line} \\`);
      line = '     ';
    }
    line += ` ${w}`;
  }
  lines.push(line);
  return lines;
}

/** The help of one command. */
export function helpOf(spec: CommandSpec): string {
  const lines = [
    ...wrap(`Usage: opslink ${spec.name}${spec.usage ? ` ${spec.usage}` : ''} [options]`, HELP_WIDTH, '       ', ''),
    '',
    ...wrap(spec.summary),
  ];
  if (spec.description) lines.push('', ...paragraphs(spec.description));
  lines.push(
    ...optionColumns([
      ['Options', spec.options],
      ['Global options (before or after the command)', globalsOf(spec)],
    ]),
  );
  if (spec.env?.length) lines.push('', ...wrap(`Environment: ${spec.env.join(', ')} (flags win over the environment)`));
  lines.push('', ...wrap(EXIT_HELP));
  lines.push('', spec.examples.length > 1 ? 'Examples:' : 'Example:', ...spec.examples.flatMap(exampleLines));
  return `${lines.join('\n')}\n`;
}

/** Command names in a column, each with its summary wrapped beside it. */
function commandLines(commands: readonly CommandSpec[], prefix = ''): string[] {
  const names = commands.map((c) => c.name.slice(prefix.length));
  const width = Math.max(...names.map((n) => n.length));
  return commands.flatMap((c, i) => wrap(c.summary, HELP_WIDTH, ' '.repeat(width + 4), `  ${names[i]!.padEnd(width)}  `));
}

/** The help of a group (`opslink orders --help`): its commands. */
export function groupHelp(group: string, commands: readonly CommandSpec[]): string {
  const lines = [
    `Usage: opslink ${group} <command> [options]`,
    '',
    'Commands:',
    ...commandLines(commands, `${group} `),
    '',
    ...wrap(`Run \`opslink ${group} <command> --help\` for a command's options and an example.`),
    '',
    ...wrap(EXIT_HELP),
  ];
  return `${lines.join('\n')}\n`;
}

/** The top help (`opslink --help`). */
export function topHelp(commands: readonly CommandSpec[]): string {
  const lines = [
    'Usage: opslink [global options] <command> [options]',
    '',
    ...wrap("The messaging and warehouse APIs from a terminal: the opslink SDK's checks, dry runs, progress."),
    '',
    'Commands:',
    ...commandLines(commands),
    '',
    ...wrap("Run `opslink <command> --help` (or `opslink help <command>`) for a command's options and an example."),
    ...optionColumns([
      [
        'Global options (before or after the command)',
        { version: { type: 'boolean', short: 'V', help: 'print the version (with no command)' }, ...GLOBAL_OPTIONS },
      ],
    ]),
    '',
    ...wrap('stdout carries data only (--format table|json|ndjson|csv); messages, progress and errors go to stderr.'),
    '',
    ...wrap(EXIT_HELP),
    '',
    'Example:',
    ...exampleLines('opslink mock --port 4010'),
  ];
  return `${lines.join('\n')}\n`;
}
