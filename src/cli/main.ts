/**
 * `opslink`: both services from a terminal. Every command is a thin layer over the public
 * API, with the SDK's own checks; this file finds the command, runs it with Ctrl-C wired to
 * an AbortSignal, and turns the outcome into an exit code.
 */
import { VERSION } from '../index.js';
import { type CommandSpec, GLOBAL_OPTIONS, type Options, type Parsed, readArgs } from './args.js';
import type { Context } from './context.js';
import { describeError, EXIT, isExpected, UsageError } from './errors.js';
import { groupHelp, helpOf, topHelp } from './help.js';
import { ordersImport, runOrdersImport } from './import.js';
import { Output, quoted, type Stream, Terminal } from './io.js';
import { announce, dm, post, runAnnounce, runDm, runPost, runWebhookParse, webhookParse } from './messaging.js';
import { mock, runMock } from './mock.js';
import { didYouMean } from './suggest.js';
import {
  ordersList,
  ordersUpdate,
  runOrdersList,
  runOrdersUpdate,
  runShipmentsGet,
  runShipmentsList,
  shipmentsGet,
  shipmentsList,
} from './warehouse.js';

type Run = (ctx: Context, parsed: Parsed) => Promise<unknown>;

const COMMANDS: [CommandSpec, Run][] = [
  [dm, runDm],
  [announce, runAnnounce],
  [post, runPost],
  [webhookParse, runWebhookParse],
  [ordersList, runOrdersList],
  [ordersImport, runOrdersImport],
  [ordersUpdate, runOrdersUpdate],
  [shipmentsList, runShipmentsList],
  [shipmentsGet, runShipmentsGet],
  [mock, runMock],
];

/** Groups of commands (`orders`, `shipments`, `webhook`): the first word of a two-word name. */
const GROUPS = [
  ...new Set(
    COMMANDS.map(([spec]) => spec.name.split(' '))
      .filter((w) => w.length > 1)
      .map((w) => w[0]!),
  ),
];
const inGroup = (group: string) => COMMANDS.map(([spec]) => spec).filter((spec) => spec.name.startsWith(`${group} `));
const SPECS = COMMANDS.map(([spec]) => spec);

/** What a command line asks for: a command to run, a help or the version to print, or no command at all. */
type Request = { kind: 'run'; spec: CommandSpec; run: Run; parsed: Parsed } | { kind: 'print'; text: string } | { kind: 'none' };

/** The global options given before the command (`opslink --timeout 5000 orders list`), and where the command starts. */
function leadingGlobals(argv: string[]): { globals: string[]; at: number } {
  const named = (arg: string) => {
    if (arg.startsWith('--')) return (GLOBAL_OPTIONS as Options)[arg.slice(2).split('=')[0]!];
    // `-q`, `-qv`: short flags of the global booleans, alone or together.
    const flags = [...arg.slice(1)].map((c) => Object.values(GLOBAL_OPTIONS as Options).find((o) => o.short === c));
    return flags.every((o) => o?.type === 'boolean') ? flags[0] : undefined;
  };
  let at = 0;
  while (at < argv.length && argv[at]!.startsWith('-') && argv[at] !== '-') {
    const arg = argv[at]!;
    if (arg === '--version' || arg === '-V') return { globals: argv.slice(0, at + 1), at: at + 1 };
    const option = named(arg);
    if (!option) {
      const name = arg.replace(/^--?/, '').split('=')[0]!;
      throw new UsageError(
        `unknown option ${quoted(arg)} before the command${didYouMean(name, [...Object.keys(GLOBAL_OPTIONS), 'version'], (n) => `--${n}`)}`,
      );
    }
    at += option.type === 'string' && !arg.includes('=') ? 2 : 1;
  }
  return { globals: argv.slice(0, Math.min(at, argv.length)), at };
}

/** `orders lst`, `dn`: an unknown command, with the closest one. */
function unknownCommand(words: string[]): UsageError {
  const [first, second] = words;
  if (first !== undefined && GROUPS.includes(first)) {
    const names = inGroup(first).map((spec) => spec.name.slice(first.length + 1));
    return new UsageError(
      `unknown command ${quoted(`${first} ${second}`)}${didYouMean(second!, names, (n) => `"${first} ${n}"`) || '.'} The ${first} commands are ${names.join(', ')}.`,
    );
  }
  const names = [...SPECS.map((spec) => spec.name), ...GROUPS];
  return new UsageError(
    `unknown command ${quoted(first!)}${didYouMean(first!, names, (n) => `"${n}"`) || '.'} The commands are ${SPECS.map((s) => s.name).join(', ')}.`,
  );
}

/** Reads the command line: which command, with what; help and the version on their own. */
function request(argv: string[]): Request {
  const { globals, at } = leadingGlobals(argv);
  const last = globals.at(-1);
  if (last === '--version' || last === '-V') return { kind: 'print', text: `${VERSION}\n` };
  const words = argv.slice(at);
  const asksHelp = (args: string[]) => args.some((a) => a === '--help' || a === '-h');
  if (words[0] === 'help') return { kind: 'print', text: helpFor(words.slice(1)) };
  if (words.length === 0) return asksHelp(globals) ? { kind: 'print', text: topHelp(SPECS) } : { kind: 'none' };
  const entry = COMMANDS.find(([spec]) => spec.name.split(' ').every((w, i) => words[i] === w));
  if (entry) {
    const [spec, run] = entry;
    let parsed: Parsed;
    try {
      parsed = readArgs(spec, [...globals, ...words.slice(spec.name.split(' ').length)]);
    } catch (error) {
      if (error instanceof UsageError) error.command = spec.name;
      throw error;
    }
    return parsed.values.help ? { kind: 'print', text: helpOf(spec) } : { kind: 'run', spec, run, parsed };
  }
  const [first, second] = words;
  if (GROUPS.includes(first!) && (second === undefined || second.startsWith('-'))) {
    if (asksHelp([...globals, ...words])) return { kind: 'print', text: groupHelp(first!, inGroup(first!)) };
    const names = inGroup(first!).map((spec) => spec.name);
    throw new UsageError(`${first} needs a subcommand: ${names.join(', ')}`);
  }
  throw unknownCommand(words);
}

/** `opslink help [command]`: the help of a command, a group, or the top one. */
function helpFor(words: string[]): string {
  if (words.length === 0) return topHelp(SPECS);
  const entry = COMMANDS.find(([spec]) => spec.name === words.join(' '));
  if (entry) return helpOf(entry[0]);
  if (words.length === 1 && GROUPS.includes(words[0]!)) return groupHelp(words[0]!, inGroup(words[0]!));
  throw unknownCommand(words);
}

/** The streams and environment a run uses: the process's in the bin, a test's stand-ins in-process. */
export interface Io {
  stdout: Stream;
  stderr: Stream;
  env: Record<string, string | undefined>;
}

/** Where a table fits: the terminal's width, else `COLUMNS`, else 80 (a terminal that reports 0 columns has none to go by). */
function widthOf(out: Output, env: Record<string, string | undefined>): number {
  const columns = Number(env.COLUMNS);
  if (out.columns !== undefined && out.columns > 0) return out.columns;
  return Number.isInteger(columns) && columns > 0 ? columns : 80;
}

/** Runs the command line `argv` (without `node opslink`); resolves with the exit code. */
export async function main(argv: string[], io: Io = process, signals = process as NodeJS.EventEmitter): Promise<number> {
  const controller = new AbortController();
  let readerGone = false;
  let interrupts = 0;
  const onSignal = () => {
    // A second Ctrl-C does not wait for anything.
    if (++interrupts > 1) process.exit(EXIT.interrupted);
    controller.abort(new Error('interrupted'));
    // Every call ends on the signal; this only covers a wait nothing can abort (stdin).
    setTimeout(() => process.exit(EXIT.interrupted), 2_000).unref();
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);

  const out = new Output(io.stdout, controller.signal, () => {
    readerGone = true;
    controller.abort(new Error('the reader of stdout went away'));
  });
  let term = new Terminal(io.stderr, { quiet: false, forceProgress: false });
  let ctx: Context | undefined;
  let code: number = EXIT.ok;
  let spec: CommandSpec | undefined;
  try {
    const asked = request(argv);
    if (asked.kind === 'print') await out.write(asked.text);
    else if (asked.kind === 'none') {
      // No command at all: the help, as a usage error.
      term.error(topHelp(SPECS).trimEnd());
      code = EXIT.usage;
    } else {
      spec = asked.spec;
      const { values } = asked.parsed;
      const forceProgress = values.progress === true || /^(1|true|yes|always)$/i.test(io.env.OPSLINK_PROGRESS ?? '');
      term = new Terminal(io.stderr, { quiet: values.quiet === true, forceProgress });
      // Data and the progress line on one terminal: the line is cleared before data is written.
      if (io.stdout.isTTY && io.stderr.isTTY) out.beforeWrite = () => term.endLine();
      ctx = { out, term, signal: controller.signal, env: io.env, verbose: values.verbose === true, width: widthOf(out, io.env), flags: {} };
      const result = await asked.run(ctx, asked.parsed);
      code = typeof result === 'number' ? result : EXIT.ok;
    }
  } catch (error) {
    const described = describeError(error, ctx);
    code = described.code;
    if (readerGone) code = EXIT.ok;
    else if (controller.signal.aborted) code = EXIT.interrupted;
    else {
      term.endLine();
      for (const line of described.lines) term.error(line);
      const command = (error instanceof UsageError && error.command) || spec?.name;
      if (code === EXIT.usage && (error instanceof UsageError || ctx?.flagValues))
        term.error(command ? `Run \`opslink ${command} --help\` for its options.` : 'Run `opslink --help` for the commands.');
      // A stack helps with a fault of the command itself, never with a mistake in the input.
      if (ctx?.verbose && !isExpected(error) && error instanceof Error && error.stack) term.log(error.stack);
    }
  }
  // Ctrl-C during a command that returned anyway (it stopped writing at once): still 130.
  if (controller.signal.aborted && !readerGone && code === EXIT.ok && spec !== mock) code = EXIT.interrupted;
  term.endLine();
  await out.flush();
  await term.flush();
  signals.off('SIGINT', onSignal);
  signals.off('SIGTERM', onSignal);
  return code;
}
