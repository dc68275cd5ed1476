/**
 * `opslink dm --to-file FILE --body TEXT [--journal FILE]`: one direct message per recipient,
 * through `sendDirectMessages` and a bulk journal (`fileJournal` with `--journal`, else one in
 * memory), so each recipient is messaged at most once across runs that share the file; with
 * `--redis URL`, the journal and the gate of runs on several hosts (`fleet.ts`).
 *
 * A recipient is named in the journal by who they are and a hash of the text (`keyOf`): the
 * same text to the same person is the same message, wherever the line sits in the file, so a
 * file edited or reordered between runs resends nothing; a different text is a new campaign.
 *
 * Ctrl-C stops claiming: a recipient not yet claimed is not sent (and stays free for the next
 * run); sends in flight get until `GRACE_MS` to finish, then are cut off and reported
 * `unknown` (the journal records them so). Their result lines are still written.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { checkValue } from '../core/validation.js';
import {
  APIError,
  type BulkJournal,
  type BulkResult,
  type CommonOptions,
  type CreatedMessage,
  MESSAGING_ENV,
  type MessagingClient,
  memoryJournal,
  OpslinkError,
  OutcomeUnknownError,
  RequestValidationError,
} from '../index.js';
import { fileJournal } from '../node/index.js';
import { directMessageSchema } from '../schemas.js';
import { number, type Parsed, text } from './args.js';
import { type Context, given, messagingClient } from './context.js';
import { encodingOf } from './decode.js';
import { EXIT, InputError, UsageError } from './errors.js';
import { type FleetFlags, fleetFlags, openFleet } from './fleet.js';
import { formatOf, type RecordWriter, recordWriter } from './formats.js';
import { identityOf, type ListedRecipient, readRecipients } from './recipients.js';

/** How long sends in flight at Ctrl-C may take to finish (the command ends within 2 s). */
const GRACE_MS = 1_500;

/** What each result line holds, in every format. */
const COLUMNS = ['line', 'recipient', 'status', 'detail'] as const;
type Status = 'sent' | 'already sent' | 'failed' | 'unknown' | 'checked';
type Line = { line: number; recipient: string; status: Status; detail: string };

/** A recipient's key in the journal: who they are, and the text's SHA-256 (the text itself would bloat the file). */
export function keyOf(recipient: ListedRecipient, body: string): string {
  const text = createHash('sha256').update(body).digest('hex').slice(0, 32);
  return `dm ${identityOf(recipient.to)} text:${text}`;
}

/** Thrown by the journal once Ctrl-C was pressed: the recipient was never claimed, nor sent. */
class NotStarted extends OpslinkError {}

/** What this run did with each key: claimed it (a send began), or found it delivered by an earlier run. */
type Seen = Map<string, 'claimed' | 'earlier'>;

/** `journal`, that refuses every claim once `stopped()`, and notes what each claim found. */
function stoppable(journal: BulkJournal, stopped: () => boolean, seen: Seen): BulkJournal {
  return {
    ...journal, // its queue is called on this object, so it claims through the checks below
    async claim(key, request) {
      if (stopped()) throw new NotStarted('interrupted before it was sent');
      const claim = await journal.claim(key, request);
      if (claim.status === 'claimed') seen.set(key, 'claimed');
      if (claim.status === 'delivered') seen.set(key, 'earlier');
      return claim;
    },
    renew: (key, token) => journal.renew(key, token),
    record: (key, token, outcome) => journal.record(key, token, outcome),
  };
}

const describe = (error: Error) => `${error.name}: ${error.message}`;

/**
 * A result as a line, or `undefined` for a recipient this run never started (Ctrl-C came
 * first). A send that began and ended without the service's answer (a timeout, a lost
 * connection, Ctrl-C) is `unknown`, as the journal records it: the message may have arrived.
 */
function lineOf(
  result: BulkResult<CreatedMessage>,
  recipient: ListedRecipient,
  seen: 'claimed' | 'earlier' | undefined,
  interrupted: boolean,
): Line | undefined {
  const base = { line: recipient.line, recipient: recipient.text };
  if (result.status === 'fulfilled') {
    const id = result.value.id === undefined ? '' : String(result.value.id);
    return { ...base, status: seen === 'earlier' ? 'already sent' : 'sent', detail: id };
  }
  const reason = result.reason;
  if (reason instanceof OutcomeUnknownError)
    return { ...base, status: 'unknown', detail: 'an earlier send began and its outcome was never recorded: not sent again' };
  if (seen !== 'claimed' && (interrupted || reason instanceof NotStarted)) return undefined;
  // A request that certainly never reached the service (refused, a name that does not
  // resolve, stopped before it went out) failed, as the journal records it: the next run sends it.
  const refused = reason instanceof APIError || reason instanceof RequestValidationError || (reason as { unsent?: boolean }).unsent;
  if (seen === 'claimed' && !refused)
    return { ...base, status: 'unknown', detail: `the send began, then ${describe(reason)}; it may have arrived` };
  return { ...base, status: 'failed', detail: describe(reason) };
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The rules of `body`, checked once for the whole file (a recipient's own are checked per line). */
function checkBody(body: string): void {
  const result = checkValue(directMessageSchema, { to: { email: 'someone@example.test' }, body });
  if (!result.ok) throw new RequestValidationError(result.issues, 'direct message');
}

/** A journal file that cannot be written is said once, before anything is sent, rather than per recipient. */
async function openJournal(path: string | undefined): Promise<BulkJournal> {
  if (path === undefined) return memoryJournal();
  try {
    await (await open(path, 'a')).close();
  } catch (error) {
    throw new InputError(
      `cannot write the journal ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was sent`,
    );
  }
  return fileJournal(path);
}

/** `dm --to-file`: reads and checks every recipient, then sends (or, on `--dry-run`, lists them); resolves with the exit code. */
export async function runCampaign(ctx: Context, parsed: Parsed, body: string): Promise<number> {
  const path = text(parsed, 'to-file')!;
  const format = formatOf(ctx, parsed);
  const encoding = encodingOf(text(parsed, 'encoding'));
  // The client first: a missing key is said before the file is read.
  const fleet = fleetFlags(parsed);
  const pace = paceOf(parsed, fleet);
  const client = parsed.values['dry-run'] ? undefined : messagingClient(ctx, parsed, 'bot', pace.client);
  checkBody(body);
  const { recipients, repeats, problems, unit } = await readRecipients(path, body, encoding);
  for (const problem of problems) ctx.term.error(problem);
  if (problems.length) throw new InputError(`${plural(problems.length, `bad ${unit}`)} in ${path}; nothing was sent`);
  for (const r of repeats) ctx.term.info(`${unit} ${r.line} names the recipient of ${unit} ${r.first} again: messaged once`);
  const writer = recordWriter(format, {
    columns: COLUMNS,
    pick: undefined,
    width: ctx.width,
    onHidden: (hidden) => ctx.term.info(`(${hidden.join(', ')} left out to fit ${ctx.width} columns)`),
    // Lines come one at a time: the table is laid out for every recipient, its last column given the room left.
    sample: recipients.map((r) => ({ line: r.line, recipient: r.text, status: 'already sent', detail: 'x '.repeat(ctx.width) })),
  });
  if (!client) {
    const listed = recipients.map((r) => ({ line: r.line, recipient: r.text, status: 'checked', detail: Object.keys(r.to)[0] }));
    await ctx.out.write(writer.write(listed) + writer.end());
    ctx.term.info(`dry run: ${plural(recipients.length, 'recipient')} checked; nothing sent`);
    return EXIT.ok;
  }
  const campaign = { client, recipients, body, writer, concurrency: pace.concurrency };
  if (fleet) return sendThroughFleet(ctx, parsed, fleet, { ...campaign, pace: pace.client });
  const journal = await openJournal(text(parsed, 'journal'));
  return send(ctx, { ...campaign, journal, journaled: text(parsed, 'journal') !== undefined });
}

/**
 * `--concurrency` and `--rate`: the requests a run has in flight (its client's and its bulk
 * call's), and the pace. With `--redis` the pace and the client's own `maxConcurrency` (its
 * default, 16) are the fleet's gate, for all the runs together; `--concurrency` is the run's.
 */
function paceOf(parsed: Parsed, fleet: FleetFlags | undefined): { concurrency: number; client: Partial<CommonOptions> } {
  const concurrency = number(parsed, 'concurrency') ?? 8;
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)) {
    throw new UsageError(`--concurrency takes a whole number from 1 to 64, got ${concurrency}`);
  }
  const rate = number(parsed, 'rate');
  if (rate !== undefined && !(rate > 0 && rate <= 10_000))
    throw new UsageError(`--rate takes requests a second, above 0 and at most 10000, got ${rate}`);
  return { concurrency, client: given({ maxConcurrency: fleet ? undefined : concurrency, requestsPerSecond: rate }) };
}

/**
 * The campaign through Redis (`--redis`): the run's client on the fleet's gate, its journal
 * the fleet's (named by `--journal`, else by the text and the service URL). Redis is reached
 * before anything is sent, and let go when the run ends.
 */
async function sendThroughFleet(
  ctx: Context,
  parsed: Parsed,
  flags: FleetFlags,
  campaign: Omit<Campaign, 'journal' | 'journaled'> & { pace: Partial<CommonOptions> },
): Promise<number> {
  const fleet = await openFleet(ctx, flags);
  try {
    const client = messagingClient(ctx, parsed, 'bot', { ...campaign.pace, ...fleet.options });
    const serviceUrl = (text(parsed, 'messaging-url') ?? ctx.env[MESSAGING_ENV.baseUrl] ?? '').replace(/\/+$/, '');
    const journal = fleet.journal(text(parsed, 'journal'), campaign.body, serviceUrl);
    return await send(ctx, { ...campaign, client, journal, journaled: true });
  } finally {
    await fleet.close();
  }
}

interface Campaign {
  client: MessagingClient;
  recipients: ListedRecipient[];
  body: string;
  journal: BulkJournal;
  journaled: boolean;
  writer: RecordWriter;
  /** Recipients in flight at once. */
  concurrency: number;
}

/** Sends to every recipient and writes a line per result as it lands; Ctrl-C stops claiming (see the file's comment). */
async function send(ctx: Context, { client, recipients, body, journal, journaled, writer, concurrency }: Campaign): Promise<number> {
  let interrupted = false;
  const cutOff = new AbortController();
  const onInterrupt = () => {
    interrupted = true;
    setTimeout(() => cutOff.abort(new Error('interrupted')), GRACE_MS).unref();
  };
  if (ctx.signal.aborted) return EXIT.interrupted;
  ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  const seen: Seen = new Map();
  const keys = recipients.map((r) => keyOf(r, body));
  const counts: Record<Status | 'not started', number> = {
    sent: 0,
    'already sent': 0,
    failed: 0,
    unknown: 0,
    checked: 0,
    'not started': 0,
  };
  const progress = ctx.term.progress('messaging', { kind: 'items', name: 'recipients' });
  const items = recipients.map((r) => ({ to: r.to, body }));
  const options = {
    journal: stoppable(journal, () => interrupted, seen),
    key: (_: unknown, i: number) => keys[i]!,
    signal: cutOff.signal,
    concurrency,
  };
  let done = 0;
  for await (const result of client.sendDirectMessages(items, options)) {
    const line = lineOf(result, recipients[result.index]!, seen.get(keys[result.index]!), interrupted);
    progress.update({ done: ++done, total: recipients.length });
    counts[line?.status ?? 'not started']++;
    // The result lines are the record of who was messaged: written after Ctrl-C too.
    if (line) await ctx.out.write(writer.write([line]), { afterInterrupt: true });
  }
  await ctx.out.write(writer.end(), { afterInterrupt: true });
  ctx.signal.removeEventListener('abort', onInterrupt);
  if (!interrupted) progress.done();
  const summary = (['sent', 'already sent', 'failed', 'unknown', 'not started'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status].toLocaleString('en-US')} ${status}`)
    .join(', ');
  if (!interrupted) {
    ctx.term.info(`${plural(recipients.length, 'recipient')}: ${summary}`);
    return counts.failed + counts.unknown > 0 ? EXIT.invalid : EXIT.ok;
  }
  ctx.term.endLine();
  const rest = journaled
    ? 'run the same command again to message the rest'
    : 'without --journal, a new run messages everyone again: list only those not sent above';
  ctx.term.error(`interrupted: ${summary}; ${rest}`);
  return EXIT.interrupted;
}
