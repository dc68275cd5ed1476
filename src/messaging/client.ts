import type { APIPromise } from '../core/api-promise.js';
import { ConfigurationError, RequestValidationError, type ValidationIssue } from '../core/errors.js';
import type { CommonOptions, RequestOptions } from '../core/options.js';
import { parseRequest } from '../core/validation.js';
import { checkSecret, normalizeBaseUrl, resolveCommon, sensitiveValues, throwIfIssues } from '../internal/config.js';
import { HttpClient } from '../internal/http.js';
import { credentialState, defineInspect } from '../internal/inspect.js';
import { Redactor } from '../internal/redact.js';
import { type Announcement, type CreatedMessage, parseAnnouncement, parseCreatedMessage } from './responses.js';
import {
  type AnnouncementInput,
  announcementSchema,
  type ChannelMessageInput,
  channelMessageSchema,
  type DirectMessageInput,
  directMessageSchema,
  strictChannelMessageSchema,
} from './schemas.js';
import { readWebhookUrl } from './webhook-url.js';

/**
 * Options of a {@link MessagingClient}.
 * @example
 * ```ts
 * const options: MessagingClientOptions = {
 *   baseUrl: 'https://chat.example.com',
 *   botKey: process.env.BOT_KEY,
 *   channelKey: process.env.CHANNEL_KEY,
 *   embedLimits: 'chat-platform',
 * };
 * const messaging = new MessagingClient(options);
 * ```
 */
export interface MessagingClientOptions extends CommonOptions {
  /**
   * The messaging service's base address, e.g. `https://chat.example.com` (a path prefix is
   * kept). Optional when `webhookUrl` is given: its host is used then.
   */
  baseUrl?: string;
  /** A bot's API key: needed for direct messages and announcements. */
  botKey?: string;
  /** An automation channel's API key: posts channel messages with a bearer header. */
  channelKey?: string;
  /**
   * A channel's webhook URL from its settings panel. When set, channel messages go to it,
   * with no Authorization header.
   */
  webhookUrl?: string | URL;
  /**
   * `'documented'` enforces the limits of the messaging document; `'chat-platform'` adds the
   * embed limits of the chat platform it imitates (field value 1024, footer 2048, 6000 in all).
   * @default 'documented'
   */
  embedLimits?: 'documented' | 'chat-platform';
}

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
  readonly #http: HttpClient;
  readonly #botKey: string | undefined;
  readonly #channelKey: string | undefined;
  readonly #webhook: ReturnType<typeof readWebhookUrl> | undefined;
  readonly #channelSchema: typeof channelMessageSchema;

  constructor(options: MessagingClientOptions) {
    const issues: ValidationIssue[] = [];
    if (options === null || typeof options !== 'object') {
      throw new ConfigurationError([{ path: ['options'], message: 'must be an object' }]);
    }
    let webhook: ReturnType<typeof readWebhookUrl> | undefined;
    if (options.webhookUrl !== undefined) {
      try {
        webhook = readWebhookUrl(options.webhookUrl);
      } catch (error) {
        if (!(error instanceof RequestValidationError)) throw error;
        issues.push(...error.issues);
      }
    }
    const baseUrl =
      options.baseUrl === undefined && options.webhookUrl !== undefined
        ? (webhook?.baseUrl ?? '')
        : normalizeBaseUrl(issues, 'baseUrl', options.baseUrl);
    checkSecret(issues, 'botKey', options.botKey, false);
    checkSecret(issues, 'channelKey', options.channelKey, false);
    if (options.embedLimits !== undefined && options.embedLimits !== 'documented' && options.embedLimits !== 'chat-platform') {
      issues.push({ path: ['embedLimits'], message: "must be 'documented' or 'chat-platform'" });
    }
    const common = resolveCommon(options, issues);
    throwIfIssues(issues);

    this.baseUrl = baseUrl;
    this.#botKey = options.botKey;
    this.#channelKey = options.channelKey;
    this.#webhook = webhook;
    this.#channelSchema = options.embedLimits === 'chat-platform' ? strictChannelMessageSchema : channelMessageSchema;
    this.#http = new HttpClient({
      ...common,
      baseUrl,
      redactor: new Redactor([options.botKey, options.channelKey, webhook?.token, webhook?.rawToken, ...sensitiveValues(options.headers)]),
    });
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
    return new MessagingClient({ ...options, webhookUrl });
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
    try {
      const key = this.#require('botKey', this.#botKey, 'sendDirectMessage');
      const json = parseRequest(directMessageSchema, input, 'direct message');
      return this.#http.request(
        { method: 'POST', path: '/api/bot/messages', json, authorization: `Bearer ${key}` },
        options,
        parseCreatedMessage,
      );
    } catch (error) {
      return HttpClient.reject(error);
    }
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
    try {
      const key = this.#require('botKey', this.#botKey, 'postAnnouncement');
      const json = parseRequest(announcementSchema, input, 'announcement');
      return this.#http.request(
        { method: 'POST', path: '/api/bot/announcements', json, authorization: `Bearer ${key}` },
        options,
        parseAnnouncement,
      );
    } catch (error) {
      return HttpClient.reject(error);
    }
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
    try {
      const webhook = this.#webhook;
      const key = webhook ? undefined : this.#require('channelKey', this.#channelKey, 'postChannelMessage', ' or the webhookUrl option');
      const json = parseRequest(this.#channelSchema, input, 'channel message');
      if (webhook) {
        return this.#http.request({ method: 'POST', path: webhook.path, json, baseUrl: webhook.baseUrl }, options, parseCreatedMessage);
      }
      return this.#http.request(
        { method: 'POST', path: '/api/automation/messages', json, authorization: `Bearer ${key}` },
        options,
        parseCreatedMessage,
      );
    } catch (error) {
      return HttpClient.reject(error);
    }
  }

  #require(option: string, value: string | undefined, method: string, alternative = ''): string {
    if (value) return value;
    throw new ConfigurationError(
      [{ path: [option], message: `MessagingClient.${method} needs the ${option} option${alternative}; nothing was sent` }],
      'client options',
    );
  }

  /** What `JSON.stringify` shows: where requests go and which credentials are set, never their values. */
  toJSON(): Record<string, unknown> {
    return {
      baseUrl: this.baseUrl,
      botKey: credentialState(this.#botKey),
      channelKey: credentialState(this.#channelKey),
      webhookUrl: this.#webhook ? `${this.#webhook.baseUrl}/api/automation/webhooks/${this.#webhook.channelId}/[redacted]` : '[not set]',
    };
  }
}

defineInspect(MessagingClient, 'MessagingClient');
