/**
 * The messaging commands: `dm`, `announce`, `post` and `webhook parse`. Each is one call of
 * `MessagingClient`; `--dry-run` checks the input with the same schema the client checks
 * with and sends nothing (no client, no credential needed).
 */
import { readFile } from 'node:fs/promises';
import { text as readText } from 'node:stream/consumers';
import { checkValue } from '../core/validation.js';
import { MESSAGING_ENV, parseWebhookUrl, RequestValidationError } from '../index.js';
import { REDACTED } from '../internal/redact.js';
import { announcementSchema, channelMessageSchema, directMessageSchema } from '../schemas.js';
import { type CommandSpec, type Parsed, text, texts } from './args.js';
import { runCampaign } from './campaign.js';
import { CHANNEL_FLAGS, type Context, given, MESSAGING_FLAGS, messagingClient } from './context.js';
import { InputError, UsageError } from './errors.js';
import { FORMATS, formatOf, singleRecord } from './formats.js';

const DRY_RUN = { 'dry-run': { type: 'boolean', help: 'check the message and print it; send nothing' } } as const;

/** Checks `input` with `schema` as the client would, and throws the same error listing every problem. */
function check(schema: Parameters<typeof checkValue>[0], input: unknown, subject: string): void {
  const result = checkValue(schema, input);
  if (!result.ok) throw new RequestValidationError(result.issues, subject);
}

const BODY_FLAG = {
  body: { type: 'string', value: 'TEXT', help: 'the text, as an option rather than the argument' },
} as const;

/** The message text, from the argument or `--body` (one of them), or stdin for `-`. */
async function body(parsed: Parsed): Promise<string> {
  const given = [parsed.positionals[0], text(parsed, 'body')].filter((value) => value !== undefined);
  if (given.length !== 1) throw new UsageError('give the text once: as the TEXT argument or with --body');
  const argument = given[0] as string;
  if (argument !== '-') return argument;
  return (await readText(process.stdin)).replace(/\r?\n$/, '');
}

/** One message kind the commands send: the schema the client checks it with, and the client's method. */
interface Sending {
  schema: Parameters<typeof checkValue>[0];
  subject: string;
  method: 'sendDirectMessage' | 'postAnnouncement' | 'postChannelMessage';
}
const DIRECT_MESSAGE: Sending = { schema: directMessageSchema, subject: 'direct message', method: 'sendDirectMessage' };
const ANNOUNCEMENT: Sending = { schema: announcementSchema, subject: 'announcement', method: 'postAnnouncement' };
const CHANNEL_MESSAGE: Sending = { schema: channelMessageSchema, subject: 'channel message', method: 'postChannelMessage' };

/**
 * On `--dry-run`, checks `input` with the schema the client uses and prints it; otherwise
 * sends it with one client call and prints the answer. Either way the output is JSON.
 */
async function sendOrCheck(ctx: Context, parsed: Parsed, sending: Sending, input: unknown): Promise<void> {
  ctx.members = (path) => membersAt(sending.schema, path);
  if (parsed.values['dry-run']) {
    check(sending.schema, input, sending.subject);
    await ctx.out.write(`${JSON.stringify(input, null, 2)}\n`);
    ctx.term.info('dry run: checked, nothing sent');
    return;
  }
  const as = sending === CHANNEL_MESSAGE ? 'channel' : 'bot';
  const answer = await messagingClient(ctx, parsed, as)[sending.method](input as never, { signal: ctx.signal });
  await ctx.out.write(`${JSON.stringify(answer, null, 2)}\n`);
}

type SchemaDef = { type: string; shape?: Record<string, unknown>; element?: unknown; innerType?: unknown; in?: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: SchemaDef } })._zod.def;

/** The member names of the object at `path` in `schema` (an embed's inside a message), for "did you mean". */
export function membersAt(schema: unknown, path: readonly (string | number)[]): string[] | undefined {
  let def = defOf(schema);
  let i = 0;
  for (;;) {
    // Wrappers (optional, nullable, a checked pipe) hold the schema that has the members.
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    const step = path[i];
    let next: unknown;
    if (inner) next = inner;
    else if (i === path.length) return def.shape ? Object.keys(def.shape) : undefined;
    else if (def.type === 'array' && typeof step === 'number') next = def.element;
    else if (def.shape && String(step) in def.shape) next = def.shape[String(step)];
    else return undefined;
    if (!inner) i++;
    def = defOf(next);
  }
}

/** What `dm` and `announce` share: the text as argument or `--body`, and the bot's credentials. */
const BOT_TEXT_COMMAND = {
  positionals: { min: 0, max: 1 },
  env: [MESSAGING_ENV.baseUrl, MESSAGING_ENV.botKey],
} satisfies Partial<CommandSpec>;
const BOT_TEXT_OPTIONS = { ...BODY_FLAG, ...DRY_RUN, ...MESSAGING_FLAGS } as const;

export const dm: CommandSpec = {
  name: 'dm',
  summary: 'Send a direct message to one employee, or to every recipient in a file, as the bot.',
  usage: '(--email E | --user-id U | --phone P | --to-file FILE) (TEXT | --body TEXT)',
  description: [
    'TEXT is the message (1 to 4000 characters); "-" reads it from stdin. Prints the created message as JSON.',
    '',
    'With --to-file, FILE names the recipients: one a line (a UUID is a user id, text with an @ an email,',
    '+ or a digit then digits, spaces, -, ., ( and ) a phone number, sent as written), or a CSV whose header',
    'has an email, phoneNumber or userId column (each row fills one). Every line is checked first: a bad',
    'one is printed by its number and nothing is sent (exit 1). A recipient listed twice is messaged once.',
    'Prints one result line per recipient as the results land: its line, the recipient, its status (sent,',
    'already sent, failed, or unknown: a send began and its outcome is not known) and the message id or',
    'error. Exits 0 when every recipient was messaged, 1 when any failed or is unknown.',
    '',
    'With --journal, each send is recorded in FILE before it starts and when it ends (the same text to the',
    'same person is the same message), so a run stopped (Ctrl-C, a crash) and started again messages only',
    'those not yet messaged, never anyone twice. Ctrl-C starts no new send, lets those in flight finish',
    '(1.5 s at most, else they are unknown), prints their results and exits 130.',
    '',
    'With --redis URL, the journal and the gate live in that Redis (through the redis package installed',
    'beside opslink: npm install redis), so runs of the same campaign at the same time, on one host or',
    'several, share the rate and the 429 pauses and message each recipient once between them (already sent:',
    'another run did it); --journal NAME then names the campaign (default: one per text and service URL).',
    '--concurrency N (default 8) bounds the requests each run has in flight (with --redis, 16 at most for',
    'all runs together), --rate N the requests a second (with --redis, for all runs together). A Redis that',
    'cannot be reached at the start: nothing is sent, exit 4.',
  ].join('\n'),
  options: {
    email: { type: 'string', value: 'E', help: "the employee's email (matched case-insensitively)" },
    'user-id': { type: 'string', value: 'U', help: "the employee's user id (a UUID)" },
    phone: { type: 'string', value: 'P', help: "the employee's phone number, exactly as on file" },
    'to-file': { type: 'string', value: 'FILE', help: 'one message per recipient in FILE (see above)' },
    journal: {
      type: 'string',
      value: 'FILE|NAME',
      help: 'with --to-file: record each send in FILE (with --redis: the campaign NAME); run again, only the rest are sent',
    },
    concurrency: { type: 'string', value: 'N', help: 'with --to-file: requests in flight at once, 1 to 64 (default 8)' },
    rate: { type: 'string', value: 'N', help: 'with --to-file: requests a second at most (with --redis, for all runs together)' },
    redis: { type: 'string', value: 'URL', help: 'with --to-file: share the gate and the journal with other runs through this Redis' },
    'redis-prefix': { type: 'string', value: 'P', help: 'with --redis: the prefix of every key written (default opslink)' },
    format: { type: 'string', value: 'FORMAT', help: `with --to-file: ${FORMATS.join(', ')} (default: table on a terminal, else json)` },
    encoding: { type: 'string', value: 'NAME', help: "with --to-file: the file's encoding (default utf8)" },
    ...BOT_TEXT_OPTIONS,
  },
  ...BOT_TEXT_COMMAND,
  examples: [
    'opslink dm --email ada.active@example.test "Truck 4 is at door 2"',
    "printf '%s\\n' ada.active@example.test +15550100002 > staff.txt",
    'opslink dm --to-file staff.txt --body "Stocktake at 6" --journal stocktake.journal',
  ],
};

/** The flags only a campaign (`--to-file`) takes. */
const CAMPAIGN_ONLY = ['journal', 'format', 'encoding', 'concurrency', 'rate', 'redis', 'redis-prefix'] as const;

export async function runDm(ctx: Context, parsed: Parsed): Promise<number | undefined> {
  const to = given({ email: text(parsed, 'email'), userId: text(parsed, 'user-id'), phoneNumber: text(parsed, 'phone') });
  if (text(parsed, 'to-file') !== undefined) {
    const named = ['email', 'user-id', 'phone'].filter((flag) => parsed.values[flag] !== undefined).map((flag) => `--${flag}`);
    if (named.length) throw new UsageError(`--to-file names the recipients: leave out ${named.join(', ')}`);
    return runCampaign(ctx, parsed, await body(parsed));
  }
  const stray = CAMPAIGN_ONLY.filter((flag) => parsed.values[flag] !== undefined).map((flag) => `--${flag}`);
  if (stray.length) throw new UsageError(`${stray.join(', ')} ${stray.length === 1 ? 'goes' : 'go'} with --to-file`);
  await sendOrCheck(ctx, parsed, DIRECT_MESSAGE, { to, body: await body(parsed) });
  return undefined;
}

export const post: CommandSpec = {
  name: 'post',
  summary: 'Post text, embeds or both to an automation channel: to its webhook URL, or with its channel key.',
  description: [
    'An embed file holds one embed object or an array of them (JSON); "-" reads it from stdin.',
    'Prints the created message as JSON.',
  ].join('\n'),
  options: {
    content: { type: 'string', value: 'TEXT', help: 'the text (up to 2000 characters)' },
    embed: { type: 'string', value: 'FILE.json', multiple: true, help: 'embeds from a JSON file, or "-" for stdin' },
    username: { type: 'string', value: 'N', help: 'sender name for this message (up to 80 characters)' },
    'avatar-url': { type: 'string', value: 'URL', help: 'sender avatar for this message' },
    ...DRY_RUN,
    ...CHANNEL_FLAGS,
  },
  positionals: { min: 0, max: 0 },
  env: [MESSAGING_ENV.webhookUrl, MESSAGING_ENV.baseUrl, MESSAGING_ENV.channelKey],
  examples: ['opslink post --content "Deploy finished" --username "CI"'],
};

async function embedsOf(files: string[]): Promise<unknown[] | undefined> {
  if (files.length === 0) return undefined;
  const embeds: unknown[] = [];
  for (const file of files) {
    let source: string;
    try {
      source = file === '-' ? await readText(process.stdin) : await readFile(file, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read ${file}: ${(error as Error).message}`);
    }
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      throw new InputError(`${file === '-' ? 'stdin' : file} is not JSON: ${(error as Error).message}`);
    }
    embeds.push(...(Array.isArray(value) ? value : [value]));
  }
  return embeds;
}

export async function runPost(ctx: Context, parsed: Parsed): Promise<void> {
  const input = given({
    content: text(parsed, 'content'),
    username: text(parsed, 'username'),
    avatar_url: text(parsed, 'avatar-url'),
    embeds: await embedsOf(texts(parsed, 'embed')),
  });
  await sendOrCheck(ctx, parsed, CHANNEL_MESSAGE, input);
}

export const announce: CommandSpec = {
  name: 'announce',
  summary: 'Post a team-wide announcement, as the bot; every active employee is notified.',
  usage: '--title T (TEXT | --body TEXT)',
  description: 'TEXT is the body (1 to 4000 characters); "-" reads it from stdin. Prints the created announcement as JSON.',
  options: {
    title: { type: 'string', value: 'T', help: 'the title (1 to 150 characters)' },
    ...BOT_TEXT_OPTIONS,
  },
  ...BOT_TEXT_COMMAND,
  examples: ['opslink announce --title "Stocktake Friday" "Doors close at 4 pm."'],
};

export async function runAnnounce(ctx: Context, parsed: Parsed): Promise<void> {
  const input = { title: text(parsed, 'title'), body: await body(parsed) };
  await sendOrCheck(ctx, parsed, ANNOUNCEMENT, input);
}

export const webhookParse: CommandSpec = {
  name: 'webhook parse',
  summary: "Print a webhook URL's base URL and channel id; the token (the channel's key) is masked.",
  usage: 'URL',
  description: 'Checks the URL as the client reads it. Use --format json for a script.',
  // It sends nothing: the request options (--timeout, --max-retries, --progress) do not apply.
  globals: ['help', 'quiet', 'verbose'],
  options: {
    format: { type: 'string', value: 'FORMAT', help: `${FORMATS.join(', ')} (default: table on a terminal, else json)` },
  },
  positionals: { min: 1, max: 1 },
  examples: ['opslink webhook parse "$OPSLINK_WEBHOOK_URL" --format json'],
};

export async function runWebhookParse(ctx: Context, parsed: Parsed): Promise<void> {
  const format = formatOf(ctx, parsed);
  const { baseUrl, channelId } = parseWebhookUrl(parsed.positionals[0]!);
  await ctx.out.write(singleRecord(format, { baseUrl, channelId, token: REDACTED }, ctx.width));
}
