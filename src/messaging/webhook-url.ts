/**
 * Reads a channel's webhook URL (the one its settings panel shows) into the base URL, the
 * channel id and the token. The token is the channel's API key, so no message here ever
 * repeats the URL.
 */
import { RequestValidationError } from '../core/errors/index.js';
import { isUuid } from '../internal/path.js';

/**
 * The parts of a webhook URL. `token` is a secret: keep it out of logs.
 * @example
 * ```ts
 * const parts: WebhookUrlParts = parseWebhookUrl(process.env.OPS_WEBHOOK_URL!);
 * console.log(`posting to channel ${parts.channelId} on ${parts.baseUrl}`); // never log parts.token
 * ```
 */
export interface WebhookUrlParts {
  /** Scheme, host and any path prefix before `/api/automation/webhooks`. */
  baseUrl: string;
  channelId: string;
  token: string;
}

const WEBHOOK_PATH = /^(.*)\/api\/automation\/webhooks\/([^/]+)\/([^/]+)\/?$/;

function invalid(message: string): RequestValidationError {
  return new RequestValidationError([{ path: ['webhookUrl'], message }], 'webhook URL');
}

/**
 * Splits `…/api/automation/webhooks/{channelId}/{token}` into its parts. A path prefix is
 * kept in `baseUrl`; a trailing slash, a query and a fragment are tolerated and dropped.
 * @throws RequestValidationError when the URL is not such a URL (the message never echoes it).
 * @example
 * ```ts
 * const { baseUrl, channelId } = parseWebhookUrl(process.env.OPS_WEBHOOK_URL!);
 * ```
 */
export function parseWebhookUrl(url: string | URL): WebhookUrlParts {
  const { baseUrl, channelId, token } = readWebhookUrl(url);
  return { baseUrl, channelId, token };
}

/**
 * {@link parseWebhookUrl} plus the path exactly as the URL spells it. Requests go to that
 * path unchanged: "tools that accept such a URL work unmodified", and a server comparing
 * raw segments would not recognise a token we re-encoded (`=` as `%3D`).
 * @internal
 */
export function readWebhookUrl(url: string | URL): WebhookUrlParts & { path: string; rawToken: string } {
  if (typeof url !== 'string' && !(url instanceof URL)) throw invalid('must be a string or URL');
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    throw invalid('is not an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid('must use http or https');
  if (parsed.username || parsed.password) throw invalid('must not carry a user name or password');
  const match = WEBHOOK_PATH.exec(parsed.pathname);
  if (!match) throw invalid('must end in /api/automation/webhooks/{channelId}/{token}');
  const [, prefix = '', rawChannelId = '', rawToken = ''] = match;
  // The prefix becomes the client's base URL, which is shown: a URL pasted twice would put
  // the first copy's token there.
  if (/\/api\/automation\/webhooks(\/|$)/i.test(prefix)) throw invalid('holds /api/automation/webhooks more than once: paste the URL once');
  if (prefix.includes(rawToken)) throw invalid('repeats its token before /api/automation/webhooks');
  let channelId: string;
  let token: string;
  try {
    channelId = decodeURIComponent(rawChannelId);
    token = decodeURIComponent(rawToken);
  } catch {
    throw invalid('has a malformed percent-encoding in its path');
  }
  if (!isUuid(channelId)) throw invalid('must carry a channel id that is a UUID');
  if (token.trim() === '' || /[\r\n]/.test(token)) throw invalid('must carry a non-empty token');
  return {
    baseUrl: `${parsed.origin}${prefix}`,
    channelId,
    token,
    path: `/api/automation/webhooks/${rawChannelId}/${rawToken}`,
    rawToken,
  };
}
