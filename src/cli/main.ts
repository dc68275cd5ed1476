/**
 * `opslink`: both services from a terminal. Every command is a thin layer over the public
 * API, with the SDK's own checks; this file finds the command, runs it with Ctrl-C wired to
 * an AbortSignal, and turns the outcome into an exit code.
 */
import { VERSION } from '../index.js';
import { type CommandSpec, GLOBAL_OPTIONS, helpOf, type Parsed, readArgs } from './args.js';
import type { Context } from './context.js';
import { describeError, EXIT, UsageError } from './errors.js';
import { ordersImport, runOrdersImport } from './import.js';
import { Output, Terminal } from './io.js';
import { announce, dm, post, runAnnounce, runDm, runPost, runWebhookParse, webhookParse } from './messaging.js';
import { mock, runMock } from './mock.js';
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

const HELP = `Usage: opslink <command> [options]

The messaging and warehouse APIs from a terminal: the opslink SDK's checks, dry runs, progress.

Commands:
${COMMANDS.map(([spec]) => `  ${spec.name.padEnd(16)}${spec.summary}`).join('\n')}

Run \`opslink <command> --help\` for a command's options and an example.

Global options:
  --version        print the version
${Object.entries(GLOBAL_OPTIONS)
  .map(([name, o]) => `  --${`${name}${o.type === 'string' ? ` ${o.value}` : ''}`.padEnd(15)} ${o.help}`)
  .join('\n')}

stdout carries data only (--format table|json|ndjson|csv); messages, progress and errors go to stderr.
Exit codes: 0 ok, 1 invalid input, 2 usage (or a missing credential), 3 the service refused, 4 network or timeout, 130 Ctrl-C.

Example:
  $ opslink mock --port 4010
`;

/** The command `argv` names, and the arguments after its name. */
function find(argv: string[]): { command?: [CommandSpec, Run]; rest: string[]; group?: string } {
  for (const entry of COMMANDS) {
    const words = entry[0].name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command: entry, rest: argv.slice(words.length) };
  }
  const group = COMMANDS.filter(([spec]) => spec.name.includes(' ') && spec.name.startsWith(`${argv[0]} `));
  return { rest: argv.slice(1), ...(group.length && { group: group.map(([spec]) => spec.name).join(', ') }) };
}

/** The streams and environment a run uses; tests of the built command use the real ones. */
export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: Record<string, string | undefined>;
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
  const isHelp = argv.includes('--help') || argv.includes('-h');
  const quiet = argv.includes('--quiet') || argv.includes('-q');
  const forceProgress = argv.includes('--progress') || /^(1|true|yes|always)$/i.test(io.env.OPSLINK_PROGRESS ?? '');
  const term = new Terminal(io.stderr, { quiet, forceProgress });
  // Data and the progress line on one terminal: the line is cleared before data is written.
  if (io.stdout.isTTY && io.stderr.isTTY) out.beforeWrite = () => term.endLine();
  const columns = Number(io.env.COLUMNS);
  const ctx: Context = {
    out,
    term,
    signal: controller.signal,
    env: io.env,
    verbose: argv.includes('--verbose') || argv.includes('-v'),
    width: out.columns ?? (Number.isInteger(columns) && columns > 0 ? columns : 80),
    flags: {},
  };

  let code: number = EXIT.ok;
  let spec: CommandSpec | undefined;
  try {
    if (argv[0] === '--version' || argv[0] === '-V') {
      await out.write(`${VERSION}\n`);
    } else if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      const asked = argv[0] === 'help' && argv.length > 1 ? find(argv.slice(1)).command : undefined;
      // Asked for, the help is the output; with no command at all, it is a usage error.
      if (argv.length === 0) {
        term.error(HELP.trimEnd());
        code = EXIT.usage;
      } else await out.write(asked ? helpOf(asked[0]) : HELP);
    } else {
      const found = find(argv);
      if (!found.command) {
        throw new UsageError(
          found.group
            ? `${argv[0]} needs a subcommand: ${found.group}`
            : `unknown command "${argv[0]}"; the commands are ${COMMANDS.map(([s]) => s.name).join(', ')}`,
        );
      }
      const [command, run] = found.command;
      spec = command;
      const parsed = readArgs(command, found.rest);
      if (isHelp) await out.write(helpOf(command));
      else {
        const result = await run(ctx, parsed);
        code = typeof result === 'number' ? result : EXIT.ok;
      }
    }
  } catch (error) {
    const described = describeError(error, ctx.flags);
    code = described.code;
    if (readerGone) code = EXIT.ok;
    else if (controller.signal.aborted) code = EXIT.interrupted;
    else {
      term.endLine();
      for (const line of described.lines) term.error(line);
      if (code === EXIT.usage && spec && error instanceof UsageError) term.error(`Run \`opslink ${spec.name} --help\` for its options.`);
      if (ctx.verbose && error instanceof Error && error.stack) term.log(error.stack);
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
