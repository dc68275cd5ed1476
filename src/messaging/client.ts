import type { APIPromise } from '../core/api-promise.js';
import { type BulkOptions, type BulkPromise, runBulk } from '../core/bulk.js';
import {
  assertOptionsObject,
  createHttp,
  mergeOptions,
  proxyOptions,
  SERVER_SIDE,
  type ServerSide,
  VIA_PROXY,
} from '../core/client-kit.js';
import { checkCredential, normalizeBaseUrl } from '../core/config.js';
import { ConfigurationError, RequestValidationError, type ValidationIssue } from '../core/errors/index.js';
import type { Gate, HttpClient } from '../core/http/index.js';
import { type ClientContext, callTrace, type Operation, requireCredential, runOperation } from '../core/operation.js';
import type { CommonOptions, Credential, RequestOptions } from '../core/options.js';
import type { Checked } from '../core/validation.js';
import { definedMembers } from '../internal/defined.js';
import { credentialState, defineInspect } from '../internal/inspect.js';
import { environment } from '../internal/runtime.js';
import { postChannelMessage } from './channel-message.js';
import type { ChannelMessageInput } from './channel-schemas.js';
import { MESSAGING_ENV } from './env.js';
import { checkDirectMessage } from './fast-checks.generated.js';
import * as operations from './operations.js';
import type { Announcement, CreatedMessage } from './responses.js';
import type { AnnouncementInput, DirectMessageInput } from './schemas.js';
import { readWebhookUrl } from './webhook-url.js';

/**
 * Options of a {@link MessagingClient} other than where it sends.
 * @example
 * ```ts
 * const keys: MessagingClientBaseOptions = { botKey: process.env.BOT_KEY, channelKey: process.env.CHANNEL_KEY, embedLimits: 'chat-platform' };
 * const messaging = new MessagingClient({ ...keys, baseUrl: 'https://chat.example.com' });
 * ```
 */
export interface MessagingClientBaseOptions extends CommonOptions {
  /** A bot's API key (or a function returning it): needed for direct messages and announcements. */
  botKey?: Credential | undefined;
  /** An automation channel's API key (or a function returning it): posts channel messages with a bearer header. */
  channelKey?: Credential | undefined;
  /**
   * `'documented'` enforces the limits of the messaging document; `'chat-platform'` adds the
   * embed limits of the chat platform it imitates (field value 1024, footer 2048, 6000 in all).
   * @default 'documented'
   */
  embedLimits?: 'documented' | 'chat-platform';
}

/**
 * Options of a {@link MessagingClient}: a `baseUrl`, a `webhookUrl`, or both.
 * @example
 * ```ts
 * const options: MessagingClientOptions = { baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY };
 * const messaging = new MessagingClient(options);
 * ```
 */
export type MessagingClientOptions = MessagingClientBaseOptions &
  (
    | {
        /** The messaging service's base address, e.g. `https://chat.example.com` (a path prefix is kept). */
        baseUrl: string;
        /** A channel's webhook URL from its settings panel: channel messages go to it, with no Authorization header. */
        webhookUrl?: string | URL | undefined;
      }
    | { baseUrl?: string | undefined; webhookUrl: string | URL }
  );

/**
 * Client of the messaging API: direct messages and announcements as a bot, messages with
 * rich embeds to automation channels by channel key or webhook URL.
 * @example
 * ```ts
 * const messaging = new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY });
 * await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your order shipped' });
 * ```
 */
export class MessagingClient {
  /** The base address requests go to (no trailing slash). */
  readonly baseUrl: string;
  readonly #options: MessagingClientOptions;
  readonly #http: HttpClient;
  readonly #context: ClientContext;
  readonly #webhook: ReturnType<typeof readWebhookUrl> | undefined;
  /** The channel message endpoint of this client's webhook URL and embed limits, made by the first `postChannelMessage`. */
  #channelMessage: Operation<unknown, CreatedMessage> | undefined;

  constructor(options: MessagingClientOptions);
  /** @internal `withOptions` passes the original's gate. */
  constructor(options: MessagingClientOptions, gate: Gate | undefined);
  constructor(options: MessagingClientOptions, gate?: Gate) {
    assertOptionsObject(options);
    const issues: ValidationIssue[] = [];
    const webhook = readWebhook(options.webhookUrl, issues);
    // Without a baseUrl, the webhook URL's host serves (a bad webhook URL is reported once, as itself).
    const baseUrl =
      options.baseUrl === undefined && options.webhookUrl !== undefined
        ? (webhook?.baseUrl ?? '')
        : normalizeBaseUrl(issues, 'baseUrl', options.baseUrl);
    checkCredential(issues, 'botKey', options.botKey, false);
    checkCredential(issues, 'channelKey', options.channelKey, false);
    if (options.embedLimits !== undefined && options.embedLimits !== 'documented' && options.embedLimits !== 'chat-platform') {
      issues.push({ path: ['embedLimits'], message: "must be 'documented' or 'chat-platform'" });
    }
    const credentials = { botKey: options.botKey, channelKey: options.channelKey, webhookUrl: options.webhookUrl };
    this.#http = createHttp(
      options,
      issues,
      { baseUrl, credentials, secrets: [options.botKey, options.channelKey, webhook?.token, webhook?.rawToken] },
      gate,
    );
    this.baseUrl = baseUrl;
    this.#options = options;
    this.#webhook = webhook;
    const held = (value: Credential | undefined) => (value === undefined ? undefined : { value, scheme: 'Bearer' });
    const proxied = VIA_PROXY in options;
    this.#context = {
      http: this.#http,
      service: 'messaging',
      name: 'MessagingClient',
      credential: (option) => (proxied ? null : held(option === 'botKey' ? options.botKey : options.channelKey)),
      variables: MESSAGING_ENV,
    };
  }

  /**
   * A client that posts channel messages to a webhook URL: no base URL or key needed.
   * @example
   * ```ts
   * const hook = MessagingClient.fromWebhookUrl(process.env.OPS_WEBHOOK_URL!);
   * await hook.postChannelMessage({ embeds: [{ title: 'Build green', color: 0x2ecc71 }] });
   * ```
   */
  static fromWebhookUrl(webhookUrl: string | URL, options: CommonOptions = {}): MessagingClient {
    // Checked before the spread: a string's spread is one member per character.
    assertOptionsObject(options);
    return newMessagingClient({ ...options, webhookUrl });
  }

  /**
   * A client for a web page, through `opslink/proxy` on the app's own server: it holds no key
   * and sends none, to the service's own paths under `<url>/messaging`; the proxy checks each
   * request and sends it on with the server's client. A path as `url` is resolved against the
   * page. Allowed in a page without `dangerouslyAllowBrowser`.
   * @example
   * ```ts
   * const messaging = MessagingClient.viaProxy('/opslink');
   * await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Dock 3 is free' });
   * ```
   */
  static viaProxy(url: string | URL, options?: Omit<MessagingClientBaseOptions, 'botKey' | 'channelKey'>): MessagingClient {
    return newMessagingClient(proxyOptions(url, options, 'messaging', ['botKey', 'channelKey', 'webhookUrl']));
  }

  /**
   * A client from the environment: `OPSLINK_MESSAGING_URL`, `OPSLINK_BOT_KEY`,
   * `OPSLINK_CHANNEL_KEY` and `OPSLINK_WEBHOOK_URL` (see {@link MESSAGING_ENV}). Options
   * passed win over the environment.
   * @example
   * ```ts
   * const messaging = MessagingClient.fromEnv({ logLevel: 'warn' });
   * ```
   */
  static fromEnv(overrides: Partial<MessagingClientOptions> = {}): MessagingClient {
    assertOptionsObject(overrides);
    const env = environment();
    const fromEnv = definedMembers(
      Object.fromEntries(Object.entries(MESSAGING_ENV).map(([option, name]) => [option, env[name] || undefined])),
    );
    const given = definedMembers(overrides);
    // A channel key passed in code says how to post to channels: a webhook URL left in the
    // environment must not take its place (a webhook wins over a channel key in a client).
    if (given.channelKey !== undefined) delete fromEnv.webhookUrl;
    const options = { ...fromEnv, ...given } as MessagingClientOptions;
    if (options.baseUrl === undefined && options.webhookUrl === undefined) {
      const message = `is required: set ${MESSAGING_ENV.baseUrl} (or ${MESSAGING_ENV.webhookUrl}), or pass baseUrl`;
      throw new ConfigurationError([{ path: ['baseUrl'], message }]);
    }
    return newMessagingClient(options);
  }

  /**
   * A new client with some options changed, sharing this one's rate-limit gate (a 429 to
   * either pauses both; the gate keeps this client's `maxConcurrency` and `requestsPerSecond`).
   * @example
   * ```ts
   * const patient = messaging.withOptions({ timeout: 120_000, maxRetries: 5 });
   * ```
   */
  withOptions(changes: Partial<MessagingClientBaseOptions> & { baseUrl?: string; webhookUrl?: string | URL }): MessagingClient {
    return newMessagingClient(mergeOptions(this.#options, changes) as MessagingClientOptions, this.#http.settings.gate);
  }

  /** The channel id of the webhook URL, when the client has one. */
  get webhookChannelId(): string | undefined {
    return this.#webhook?.channelId;
  }

  /**
   * Sends a direct message to one employee (`POST /api/bot/messages`, bot key). The first
   * message opens a direct chat; later ones reuse it.
   * @throws RequestValidationError before sending when `to` does not hold exactly one of
   * userId, phoneNumber or email, or `body` is not 1–4000 characters.
   * @example
   * ```ts
   * await messaging.sendDirectMessage({ to: { phoneNumber: '+15550100' }, body: 'Truck 4 is at door 2' });
   * ```
   */
  sendDirectMessage(input: DirectMessageInput, options?: RequestOptions): APIPromise<CreatedMessage> {
    return runOperation(this.#context, operations.sendDirectMessage, input, options, 'sendDirectMessage');
  }

  /**
   * Sends many direct messages: every item is checked first (all problems at once, by index,
   * nothing sent), then each is sent once, `concurrency` at a time, through the client's
   * gate. Await it for one result per item in input order, or `for await` it for each as it
   * lands. It never rejects for a failed item; feed the items of rejected results back to
   * retry only those.
   * @example
   * ```ts
   * const staff = [{ email: 'ana@example.com' }, { email: 'ben@example.com' }];
   * const results = await messaging.sendDirectMessages(staff.map((s) => ({ to: { email: s.email }, body: 'Stocktake at 6' })), { concurrency: 16 });
   * const failed = results.filter((r) => r.status === 'rejected').map((r) => r.index);
   * ```
   */
  sendDirectMessages(items: readonly DirectMessageInput[], options?: BulkOptions<DirectMessageInput>): BulkPromise<CreatedMessage> {
    return runBulk<DirectMessageInput, CreatedMessage>(
      items,
      {
        check: (item, index) => checkDirectMessage(item, [index]) as Checked<DirectMessageInput>,
        // The item is the schema's output already (`check` above): not parsed a second time.
        send: (item, request) =>
          runOperation(this.#context, operations.sendDirectMessage, item, { ...request, inputChecked: true }, 'sendDirectMessage'),
        subject: 'direct messages',
        trace: () => callTrace(this.#context, operations.sendDirectMessage, 'sendDirectMessages'),
        ready: () => requireCredential(this.#context, operations.sendDirectMessage, 'sendDirectMessages'),
      },
      options,
    );
  }

  /**
   * Posts a team-wide announcement as the bot (`POST /api/bot/announcements`); every active
   * employee is notified.
   * @example
   * ```ts
   * const a = await messaging.postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm.' });
   * console.log(a.id, a.likeCount);
   * ```
   */
  postAnnouncement(input: AnnouncementInput, options?: RequestOptions): APIPromise<Announcement> {
    return runOperation(this.#context, operations.postAnnouncement, input, options, 'postAnnouncement');
  }

  /**
   * Posts text, embeds or both to an automation channel: to the webhook URL when the client
   * has one (no Authorization header), else to `POST /api/automation/messages` with the
   * channel key.
   * @example
   * ```ts
   * await messaging.postChannelMessage({
   *   content: 'Low stock',
   *   embeds: [{ title: 'SKU 1042', description: '3 left', color: 0xe67e22, timestamp: new Date() }],
   * });
   * ```
   */
  postChannelMessage(input: ChannelMessageInput, options?: RequestOptions): APIPromise<CreatedMessage> {
    this.#channelMessage ??= postChannelMessage(this.#options.embedLimits, this.#webhook);
    return runOperation(this.#context, this.#channelMessage, input, options, 'postChannelMessage');
  }

  /** @internal What opslink/proxy uses of this client: its redactor and its log sink. */
  [SERVER_SIDE](): ServerSide {
    const { redactor, log } = this.#http.settings;
    return { redactor, log };
  }

  /** What `JSON.stringify` shows: where requests go and which credentials are set, never their values. */
  toJSON(): Record<string, unknown> {
    const webhook = this.#webhook;
    return {
      baseUrl: this.baseUrl,
      botKey: credentialState(this.#options.botKey),
      channelKey: credentialState(this.#options.channelKey),
      webhookUrl: webhook ? `${webhook.baseUrl}/api/automation/webhooks/${webhook.channelId}/[redacted]` : '[not set]',
    };
  }
}

defineInspect(MessagingClient, 'MessagingClient');

function readWebhook(url: unknown, issues: ValidationIssue[]): ReturnType<typeof readWebhookUrl> | undefined {
  if (url === undefined) return undefined;
  try {
    return readWebhookUrl(url as string);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    issues.push(...error.issues);
    return undefined;
  }
}

/** A class named from inside its own body is renamed by bundlers (esbuild: `var X = class _X`), and its `name` with it: made here, outside it. */
function newMessagingClient(options: MessagingClientOptions, gate?: Gate): MessagingClient {
  return new MessagingClient(options, gate);
}
