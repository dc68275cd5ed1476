/**
 * Request checks of the messaging mock, one function per request body. Input: the parsed
 * JSON body. Output: the typed request, or every violation as a `path: problem` string
 * (e.g. `embeds.3.fields: at most 25 items (got 26)`), all of them in one answer.
 *
 * Written by hand from the service document, on purpose: the mock checks the SDK, so it
 * does not share the SDK's schemas. Nothing else of the mock is in here, so the internals
 * can be swapped (say, for shared schemas) behind these three functions.
 */
import { type LimitRow, MESSAGING_LIMITS } from '../../core/limits.js';
import { codePointLength } from '../../internal/text.js';
import { type Checked, checked, isRecord, UUID } from '../kit/common.js';

export type DirectMessageTarget = { userId: string } | { phoneNumber: string } | { email: string };

/** A direct message request as the service takes it. */
export interface DirectMessageRequest {
  to: DirectMessageTarget;
  body: string;
}

/** An announcement request as the service takes it. */
export interface AnnouncementRequest {
  title: string;
  body: string;
}

/** A channel message request (both channel endpoints), its members as received. */
export interface ChannelMessageRequest {
  content?: string;
  username?: string;
  avatar_url?: string;
  embeds?: unknown[];
}

// Date, or date and time with optional seconds, fraction and offset.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function at(path: string, problem: string): string {
  return path ? `${path}: ${problem}` : problem;
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function checkObject(errors: string[], path: string, value: unknown, allowed: readonly string[]): value is Record<string, unknown> {
  if (!isRecord(value)) {
    errors.push(at(path, 'must be a JSON object'));
    return false;
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) errors.push(at(join(path, key), 'is not a member the service accepts'));
  }
  return true;
}

/** A string member; `limit` bounds its length in code points. Absent is fine unless `required`. */
function checkString(
  errors: string[],
  path: string,
  value: unknown,
  options: { limit?: LimitRow; required?: boolean; url?: boolean } = {},
): void {
  if (value === undefined) {
    if (options.required) errors.push(at(path, 'is required'));
    return;
  }
  if (typeof value !== 'string') {
    errors.push(at(path, 'must be a string'));
    return;
  }
  const limit = options.limit;
  if (limit) {
    const length = codePointLength(value);
    const min = limit.min ?? 0;
    if (length < min || length > limit.max) {
      const range = limit.min === undefined ? `up to ${limit.max}` : `${limit.min} to ${limit.max}`;
      errors.push(at(path, `${limit.label} must be ${range} characters (got ${length})`));
    }
  }
  if (options.url && !isHttpUrl(value)) errors.push(at(path, 'must be an http(s) URL'));
}

function checkArray(errors: string[], path: string, value: unknown, limit: LimitRow): value is unknown[] {
  if (!Array.isArray(value)) {
    errors.push(at(path, 'must be an array'));
    return false;
  }
  if (value.length > limit.max) errors.push(at(path, `${limit.label}: at most ${limit.max} items (got ${value.length})`));
  return true;
}

/** `POST /api/bot/messages`. */
export function validateDirectMessage(value: unknown): Checked<DirectMessageRequest> {
  const errors: string[] = [];
  if (checkObject(errors, '', value, ['to', 'body'])) {
    const to = value.to;
    if (to === undefined) errors.push(at('to', 'is required'));
    else if (checkObject(errors, 'to', to, ['userId', 'phoneNumber', 'email'])) {
      const given = (['userId', 'phoneNumber', 'email'] as const).filter((key) => key in to);
      if (given.length !== 1) errors.push(at('to', `must hold exactly one of userId, phoneNumber, email (got ${given.length})`));
      checkString(errors, 'to.userId', to.userId);
      checkString(errors, 'to.phoneNumber', to.phoneNumber);
      checkString(errors, 'to.email', to.email);
      if (typeof to.userId === 'string' && !UUID.test(to.userId)) errors.push(at('to.userId', 'must be a UUID'));
    }
    checkString(errors, 'body', value.body, { limit: MESSAGING_LIMITS.directMessageBody, required: true });
  }
  return checked(errors, () => value as DirectMessageRequest);
}

/** `POST /api/bot/announcements`. */
export function validateAnnouncement(value: unknown): Checked<AnnouncementRequest> {
  const errors: string[] = [];
  if (checkObject(errors, '', value, ['title', 'body'])) {
    checkString(errors, 'title', value.title, { limit: MESSAGING_LIMITS.announcementTitle, required: true });
    checkString(errors, 'body', value.body, { limit: MESSAGING_LIMITS.announcementBody, required: true });
  }
  return checked(errors, () => value as AnnouncementRequest);
}

/** Both channel endpoints (bearer and webhook), which take the same body. The value keeps only the four members. */
export function validateChannelMessage(value: unknown): Checked<ChannelMessageRequest> {
  const errors: string[] = [];
  if (!checkObject(errors, '', value, ['content', 'username', 'avatar_url', 'embeds'])) return { ok: false, errors };
  checkString(errors, 'content', value.content, { limit: MESSAGING_LIMITS.channelContent });
  checkString(errors, 'username', value.username, { limit: MESSAGING_LIMITS.channelUsername });
  checkString(errors, 'avatar_url', value.avatar_url, { url: true });
  const hasContent = typeof value.content === 'string' && value.content.length > 0;
  let hasEmbeds = false;
  if (value.embeds !== undefined && checkArray(errors, 'embeds', value.embeds, MESSAGING_LIMITS.embedsPerMessage)) {
    hasEmbeds = value.embeds.length > 0;
    value.embeds.forEach((embed, index) => {
      validateEmbed(errors, join('embeds', index), embed);
    });
  }
  if (!hasContent && !hasEmbeds) errors.push('at least one of content or embeds must be present');
  return checked(errors, () => pickPayload(value as ChannelMessageRequest));
}

const EMBED_MEMBERS = ['title', 'description', 'url', 'color', 'timestamp', 'author', 'footer', 'image', 'thumbnail', 'fields'] as const;

function validateEmbed(errors: string[], path: string, embed: unknown): void {
  if (!checkObject(errors, path, embed, EMBED_MEMBERS)) return;
  checkString(errors, join(path, 'title'), embed.title, { limit: MESSAGING_LIMITS.embedTitle });
  checkString(errors, join(path, 'description'), embed.description, { limit: MESSAGING_LIMITS.embedDescription });
  checkString(errors, join(path, 'url'), embed.url, { url: true });
  if (embed.color !== undefined) {
    const { min, max, label } = MESSAGING_LIMITS.embedColor;
    if (typeof embed.color !== 'number' || !Number.isInteger(embed.color) || embed.color < min || embed.color > max) {
      errors.push(at(join(path, 'color'), `${label} must be an integer from ${min} to ${max}`));
    }
  }
  if (embed.timestamp !== undefined) {
    const ts = embed.timestamp;
    if (typeof ts !== 'string' || !ISO_8601.test(ts) || Number.isNaN(Date.parse(ts))) {
      errors.push(at(join(path, 'timestamp'), 'must be an ISO 8601 date-time string'));
    }
  }
  const author = embed.author;
  if (author !== undefined && checkObject(errors, join(path, 'author'), author, ['name', 'url', 'icon_url'])) {
    for (const key of ['name', 'url', 'icon_url']) checkString(errors, join(path, `author.${key}`), author[key]);
  }
  const footer = embed.footer;
  if (footer !== undefined && checkObject(errors, join(path, 'footer'), footer, ['text', 'icon_url'])) {
    for (const key of ['text', 'icon_url']) checkString(errors, join(path, `footer.${key}`), footer[key]);
  }
  for (const key of ['image', 'thumbnail']) {
    const media = embed[key];
    if (media !== undefined && checkObject(errors, join(path, key), media, ['url'])) {
      checkString(errors, join(path, `${key}.url`), media.url, { url: true });
    }
  }
  if (embed.fields !== undefined && checkArray(errors, join(path, 'fields'), embed.fields, MESSAGING_LIMITS.fieldsPerEmbed)) {
    embed.fields.forEach((field, index) => {
      const fieldPath = join(join(path, 'fields'), index);
      if (!checkObject(errors, fieldPath, field, ['name', 'value', 'inline'])) return;
      checkString(errors, join(fieldPath, 'name'), field.name, { required: true });
      checkString(errors, join(fieldPath, 'value'), field.value, { required: true });
      if (field.inline !== undefined && typeof field.inline !== 'boolean') errors.push(at(join(fieldPath, 'inline'), 'must be a boolean'));
    });
  }
}

function pickPayload(payload: ChannelMessageRequest): ChannelMessageRequest {
  const picked: ChannelMessageRequest = {};
  if (payload.content !== undefined) picked.content = payload.content;
  if (payload.username !== undefined) picked.username = payload.username;
  if (payload.avatar_url !== undefined) picked.avatar_url = payload.avatar_url;
  if (payload.embeds !== undefined) picked.embeds = payload.embeds;
  return picked;
}
