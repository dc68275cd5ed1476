/**
 * What every command runs with: stdout and stderr, the Ctrl-C signal, the global options,
 * and the clients, built from flags and the run's environment with the SDK's own `fromEnv`
 * (options passed win over the environment).
 */

import {
  type CommonOptions,
  type Logger,
  MESSAGING_ENV,
  MessagingClient,
  WAREHOUSE_ENV,
  WarehouseClient,
  type WarehouseClientOptions,
} from '../index.js';
import { definedMembers } from '../internal/defined.js';
import { number, type Options, type Parsed, text } from './args.js';
import type { Credential, ErrorContext } from './errors.js';
import type { Output, Terminal } from './io.js';

export interface Context extends ErrorContext {
  out: Output;
  term: Terminal;
  /** Aborts on Ctrl-C: passed to every call, so no request starts after it. */
  signal: AbortSignal;
  env: Record<string, string | undefined>;
  verbose: boolean;
  /** Where a table fits: the terminal's width, else `COLUMNS`, else 80. */
  width: number;
}

/** Credential and address flags of the messaging commands. */
export const MESSAGING_FLAGS = {
  'messaging-url': { type: 'string', value: 'URL', help: 'messaging service base URL (OPSLINK_MESSAGING_URL)' },
  'bot-key': { type: 'string', value: 'KEY', help: 'bot API key (OPSLINK_BOT_KEY)' },
} satisfies Options;

export const CHANNEL_FLAGS = {
  webhook: { type: 'string', value: 'URL', help: 'channel webhook URL, token included (OPSLINK_WEBHOOK_URL); wins over the channel key' },
  'channel-key': { type: 'string', value: 'KEY', help: 'channel API key (OPSLINK_CHANNEL_KEY), with --messaging-url' },
  'messaging-url': MESSAGING_FLAGS['messaging-url'],
} satisfies Options;

export const WAREHOUSE_FLAGS = {
  'api-key': { type: 'string', value: 'KEY', help: 'warehouse API key (OPSLINK_WAREHOUSE_API_KEY)' },
  'warehouse-id': { type: 'string', value: 'ID', help: 'warehouse id (OPSLINK_WAREHOUSE_ID)' },
  'warehouse-url': { type: 'string', value: 'URL', help: 'warehouse API base URL (OPSLINK_WAREHOUSE_URL)' },
  'warehouse-domain': { type: 'string', value: 'DOMAIN', help: 'or the bare domain: https://api.DOMAIN/api/v1 (OPSLINK_WAREHOUSE_DOMAIN)' },
} satisfies Options;

/** Client option → flag, for messages about a missing or wrong option. */
export const MESSAGING_OPTION_FLAGS: Context['flags'] = {
  baseUrl: '--messaging-url',
  botKey: '--bot-key',
  channelKey: '--channel-key',
  webhookUrl: '--webhook',
  timeout: '--timeout',
  maxRetries: '--max-retries',
};
export const WAREHOUSE_OPTION_FLAGS: Context['flags'] = {
  apiKey: '--api-key',
  warehouseId: '--warehouse-id',
  baseUrl: '--warehouse-url',
  domain: '--warehouse-domain',
  timeout: '--timeout',
  maxRetries: '--max-retries',
};

/** The SDK's log, on stderr. Errors are left out: the command prints the error itself, once. */
function logger(ctx: Context): Logger {
  const line = (message: unknown) => ctx.term.log(String(message));
  return { debug: line, info: line, warn: line, error: () => {} };
}

/** Options both clients take from the global flags. */
function common(ctx: Context, parsed: Parsed): CommonOptions {
  const options: CommonOptions = {
    logger: logger(ctx),
    logLevel: ctx.term.quiet ? 'off' : ctx.verbose ? 'debug' : 'warn',
  };
  const timeout = number(parsed, 'timeout');
  const maxRetries = number(parsed, 'max-retries');
  if (timeout !== undefined) options.timeout = timeout;
  if (maxRetries !== undefined) options.maxRetries = maxRetries;
  return options;
}

/** Drops members left undefined (flags not given), so the environment or the schema's defaults fill them. */
export const given = <T extends object>(options: T): T => definedMembers(options) as T;

/**
 * The options `fromEnv` reads from the environment, read from the run's (`ctx.env`, which is
 * `process.env` in the bin; a caller of `main` may pass another) and left out where it has none.
 * Passed to `fromEnv` as options, so the run's environment is the one that counts.
 */
function fromRunEnv<T extends Record<string, string>>(ctx: Context, names: T): Partial<Record<keyof T, string>> {
  const read = Object.entries(names).map(([option, name]) => [option, ctx.env[name] || undefined]);
  return definedMembers(Object.fromEntries(read)) as Partial<Record<keyof T, string>>;
}

/**
 * A credential as the terminal names it: given when one of its flags or variables is set
 * (not empty); `also` says what else would do instead.
 */
function credential(ctx: Context, parsed: Parsed, options: string[], flags: string[], env: string[], also = ''): Credential {
  const given = flags.some((f) => text(parsed, f)) || env.some((name) => ctx.env[name]);
  const either = (names: string[]) => names.join(' or ');
  return { options, given, say: `pass ${either(flags.map((f) => `--${f}`))} or set ${either(env)}${also}` };
}

/** The messaging client, as the bot (`dm`, `announce`) or as a channel (`post`: a webhook URL, or the base URL and the channel key). */
export function messagingClient(ctx: Context, parsed: Parsed, as: 'bot' | 'channel', extra: Partial<CommonOptions> = {}): MessagingClient {
  ctx.flags = { ...ctx.flags, ...MESSAGING_OPTION_FLAGS };
  ctx.credentials =
    as === 'bot'
      ? [
          credential(ctx, parsed, ['baseUrl'], ['messaging-url'], [MESSAGING_ENV.baseUrl]),
          credential(ctx, parsed, ['botKey'], ['bot-key'], [MESSAGING_ENV.botKey]),
        ]
      : [
          credential(
            ctx,
            parsed,
            ['baseUrl', 'webhookUrl'],
            ['webhook'],
            [MESSAGING_ENV.webhookUrl],
            ' (or --channel-key with --messaging-url)',
          ),
          credential(ctx, parsed, ['channelKey'], ['channel-key'], [MESSAGING_ENV.channelKey], ' (or --webhook)'),
        ];
  const flags = given({
    baseUrl: text(parsed, 'messaging-url'),
    botKey: text(parsed, 'bot-key'),
    channelKey: text(parsed, 'channel-key'),
    webhookUrl: text(parsed, 'webhook'),
  });
  const env = fromRunEnv(ctx, MESSAGING_ENV);
  // As fromEnv reads it: a channel key passed says how to post, so a webhook URL in the environment does not take its place.
  if (flags.channelKey !== undefined) delete env.webhookUrl;
  return MessagingClient.fromEnv(given({ ...common(ctx, parsed), ...extra, ...env, ...flags }));
}

export function warehouseClient(ctx: Context, parsed: Parsed, extra: Partial<CommonOptions> = {}): WarehouseClient {
  ctx.flags = { ...ctx.flags, ...WAREHOUSE_OPTION_FLAGS };
  ctx.credentials = [
    credential(ctx, parsed, ['apiKey'], ['api-key'], [WAREHOUSE_ENV.apiKey]),
    credential(ctx, parsed, ['warehouseId'], ['warehouse-id'], [WAREHOUSE_ENV.warehouseId]),
    credential(ctx, parsed, ['baseUrl', 'domain'], ['warehouse-url', 'warehouse-domain'], [WAREHOUSE_ENV.baseUrl, WAREHOUSE_ENV.domain]),
  ];
  const flags = given({
    apiKey: text(parsed, 'api-key'),
    warehouseId: text(parsed, 'warehouse-id'),
    baseUrl: text(parsed, 'warehouse-url'),
    domain: text(parsed, 'warehouse-domain'),
  });
  const env = fromRunEnv(ctx, WAREHOUSE_ENV);
  // As fromEnv reads it: the address comes from one place, the flags, else the URL, else the domain.
  if (flags.baseUrl !== undefined || flags.domain !== undefined || env.baseUrl !== undefined) delete env.domain;
  if (flags.baseUrl !== undefined || flags.domain !== undefined) delete env.baseUrl;
  return WarehouseClient.fromEnv(given({ ...common(ctx, parsed), ...extra, ...env, ...flags }) as Partial<WarehouseClientOptions>);
}
