/**
 * Commands as declarations (name, options, positionals, help, examples), and the reading of
 * a command line against one: Node's `util.parseArgs` splits it into tokens, this file
 * judges them, so every mistake is reported in the command's own words ("unknown option
 * --mail; did you mean --email?"), never in parseArgs' text.
 */
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';
import { quoted } from './io.js';
import { didYouMean } from './suggest.js';

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

/** Options every command takes (but those a command's `globals` leave out). */
export const GLOBAL_OPTIONS = {
  help: { type: 'boolean', short: 'h', help: 'show this help' },
  quiet: { type: 'boolean', short: 'q', help: 'no progress and no messages on stderr (errors still)' },
  verbose: { type: 'boolean', short: 'v', help: "log every request on stderr (the SDK's log, secrets redacted)" },
  progress: { type: 'boolean', help: 'show progress even when stderr is not a terminal (also OPSLINK_PROGRESS=1)' },
  timeout: { type: 'string', value: 'MS', help: 'milliseconds per attempt (default 30000)' },
  'max-retries': { type: 'string', value: 'N', help: 'retries of a failed request (default 2)' },
} satisfies Options;

export type GlobalName = keyof typeof GLOBAL_OPTIONS;

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
  /** Longer explanation, shown under the usage line: paragraphs separated by a blank line. */
  description?: string;
  options: Options;
  /** The global options that apply to it (default: all). */
  globals?: readonly GlobalName[];
  /** How many positionals it takes. */
  positionals: { min: number; max: number };
  /** Environment variables it reads, shown in the help. */
  env?: string[];
  /** Working examples (run against `opslink mock` by the tests). */
  examples: string[];
}

/** The global options `spec` takes. */
export function globalsOf(spec: CommandSpec): Options {
  const names = spec.globals ?? (Object.keys(GLOBAL_OPTIONS) as GlobalName[]);
  return Object.fromEntries(names.map((name) => [name, GLOBAL_OPTIONS[name]]));
}

/** The option an option token names, or a usage error naming the closest one. */
function optionOf(spec: CommandSpec, all: Options, token: { name: string; rawName: string }): Option {
  const option = all[token.name];
  if (option) return option;
  if (token.rawName.startsWith('--') && token.name in GLOBAL_OPTIONS)
    throw new UsageError(`${token.rawName} does not apply to opslink ${spec.name}`);
  if (!token.rawName.startsWith('--')) {
    const shorts = Object.entries(all).filter(([, o]) => o.short);
    const known = shorts.map(([name, o]) => `-${o.short} (--${name})`).join(', ');
    throw new UsageError(`unknown option ${quoted(token.rawName)}${known ? `; the short options are ${known}` : ''}`);
  }
  throw new UsageError(`unknown option ${quoted(token.rawName)}${didYouMean(token.name, Object.keys(all), (n) => `--${n}`)}`);
}

/** Reads `argv` for `spec`: unknown options, missing values and wrong positional counts are usage errors. */
export function readArgs(spec: CommandSpec, argv: string[]): Parsed {
  const all = { ...spec.options, ...globalsOf(spec) };
  const shortNames = Object.fromEntries(Object.entries(all).flatMap(([name, o]) => (o.short ? [[o.short, name]] : [])));
  // Not strict: parseArgs only splits the line; every judgement below is ours.
  const { tokens } = parseArgs({
    args: argv,
    options: Object.fromEntries(Object.entries(all).map(([name, o]) => [name, { type: o.type, ...(o.short && { short: o.short }) }])),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const values: Parsed['values'] = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    const option = optionOf(spec, all, token);
    const name = token.name;
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value (got ${quoted(token.value)})`);
      values[name] = true;
      continue;
    }
    const value = token.value;
    const needs = `${token.rawName} needs a value (${option.value ?? 'VALUE'})`;
    if (value === undefined) throw new UsageError(needs);
    // `--format --quiet`: the value was forgotten, the next option taken for it.
    const flag = /^--?([^=]+)/.exec(value)?.[1];
    if (!token.inlineValue && flag !== undefined && (flag in all || flag in shortNames))
      throw new UsageError(`${needs}, got the option ${value}; write ${token.rawName}=${value} if that is the value`);
    if (option.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  if (!values.help) {
    const n = positionals.length;
    const { min, max } = spec.positionals;
    if (n > max && max === 0) throw new UsageError(`opslink ${spec.name} takes no argument, got ${quoted(positionals[0]!)}`);
    if (n < min || n > max) {
      const want = min === max ? `${min}` : `${min} to ${max}`;
      throw new UsageError(`opslink ${spec.name} takes ${want} argument${want === '1' ? '' : 's'} (${spec.usage || 'none'}), got ${n}`);
    }
  }
  return { values, positionals };
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

/**
 * A number flag: text that is not a number (`--max abc`, `--timeout ""`) is a usage error
 * here; the SDK then checks the number's range, and the command reports a value it refuses
 * as a usage error too (exit 2).
 */
export function number(parsed: Parsed, name: string): number | undefined {
  const value = text(parsed, name);
  if (value === undefined) return undefined;
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} takes a number, got ${quoted(value)}`);
  return n;
}

/** `snake_case` member → `--kebab-case` flag. */
export const flagOf = (member: string) => member.replaceAll('_', '-');
