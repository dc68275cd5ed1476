/**
 * Commands as declarations (name, options, positionals, help, examples), read with Node's
 * `util.parseArgs`; the help text of each is made from its declaration.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export interface Option {
  type: 'string' | 'boolean';
  /** Repeatable (`--set a=1 --set b=2`). */
  multiple?: boolean;
  short?: string;
  /** The value's name in the help (`N`, `URL`). */
  value?: string;
  help: string;
}

export type Options = Record<string, Option>;

/** Options every command takes. */
export const GLOBAL_OPTIONS: Options = {
  help: { type: 'boolean', short: 'h', help: 'show this help' },
  quiet: { type: 'boolean', short: 'q', help: 'no progress and no messages on stderr (errors still)' },
  verbose: { type: 'boolean', short: 'v', help: "log every request on stderr (the SDK's log, secrets redacted)" },
  progress: { type: 'boolean', help: 'show progress even when stderr is not a terminal (also OPSLINK_PROGRESS=1)' },
  timeout: { type: 'string', value: 'MS', help: 'milliseconds per attempt (default 30000)' },
  'max-retries': { type: 'string', value: 'N', help: 'retries of a failed request (default 2)' },
};

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export interface CommandSpec {
  /** `orders list` */
  name: string;
  summary: string;
  /** What follows the name in the usage line, e.g. `ORDER_ID --set FIELD=VALUE…` (none when only options follow). */
  usage?: string;
  /** Longer explanation, shown under the usage line. */
  description?: string;
  options: Options;
  /** How many positionals it takes. */
  positionals: { min: number; max: number };
  /** Environment variables it reads, shown in the help. */
  env?: string[];
  /** Working examples (run against `opslink mock` by the tests). */
  examples: string[];
}

/** A negative number: what `--limit -1` gives its option, though it starts with `-`. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * `--limit -1` as `--limit=-1`: `util.parseArgs` takes a value that starts with `-` for an
 * option of its own and refuses the pair as ambiguous. Only after an option that takes a value.
 */
function joinNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** Reads `argv` for `spec`: unknown options, missing values and wrong positional counts are usage errors. */
export function readArgs(spec: CommandSpec, argv: string[]): Parsed {
  const all = { ...spec.options, ...GLOBAL_OPTIONS };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv, all),
      options: Object.fromEntries(
        Object.entries(all).map(([name, o]) => [
          name,
          { type: o.type, ...(o.multiple && { multiple: true }), ...(o.short && { short: o.short }) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs names the option at fault, never a value.
    throw new UsageError((error as Error).message.replace(/^\s*TypeError \[[A-Z_]+\]: /, ''));
  }
  const values = parsed.values as Parsed['values'];
  if (!values.help) {
    const n = parsed.positionals.length;
    if (n < spec.positionals.min || n > spec.positionals.max) {
      const want =
        spec.positionals.min === spec.positionals.max ? `${spec.positionals.min}` : `${spec.positionals.min}–${spec.positionals.max}`;
      throw new UsageError(`${spec.name} takes ${want} argument${want === '1' ? '' : 's'} (${spec.usage || 'none'}), got ${n}`);
    }
  }
  return { values, positionals: parsed.positionals };
}

function optionLines(options: Options): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    return [flag, `${o.help}${o.multiple ? ' (repeatable)' : ''}`] as const;
  });
  const width = Math.max(...rows.map(([f]) => f.length));
  return rows.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`);
}

/** The help of one command. */
export function helpOf(spec: CommandSpec): string {
  const lines = [`Usage: opslink ${spec.name}${spec.usage ? ` ${spec.usage}` : ''} [options]`, '', spec.summary];
  if (spec.description) lines.push('', spec.description);
  if (Object.keys(spec.options).length) lines.push('', 'Options:', ...optionLines(spec.options));
  lines.push('', 'Global options:', ...optionLines(GLOBAL_OPTIONS));
  if (spec.env?.length) lines.push('', `Environment: ${spec.env.join(', ')} (flags win over the environment)`);
  lines.push('', spec.examples.length > 1 ? 'Examples:' : 'Example:', ...spec.examples.map((e) => `  $ ${e}`));
  return `${lines.join('\n')}\n`;
}

/** A flag's text value, when given. */
export function text(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable flag's values (none when not given). */
export function texts(parsed: Parsed, name: string): string[] {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** A number flag as the SDK takes it: the SDK checks the value (a wrong one is reported with the flag's name). */
export function number(parsed: Parsed, name: string): number | undefined {
  const value = text(parsed, name);
  return value === undefined ? undefined : value.trim() === '' ? Number.NaN : Number(value);
}

/** `snake_case` member → `--kebab-case` flag. */
export const flagOf = (member: string) => member.replaceAll('_', '-');
