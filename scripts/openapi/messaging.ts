/**
 * The OpenAPI 3.1 document of the messaging API. Every body schema comes from the SDK's zod
 * schemas (`src/messaging/schemas.ts` and `channel-schemas.ts`, limits from `MESSAGING_LIMITS`); written here are
 * only what no schema holds: paths, statuses, security, and descriptions quoting the document.
 */
import { uuid } from '../../src/core/schema-kit.ts';
import { channelMessageSchema, embedSchema } from '../../src/messaging/channel-schemas.ts';
import { RECIPIENT_KEYS } from '../../src/messaging/recipients.ts';
import { COMMENT_COUNT_NAMES, LIKE_COUNT_NAMES } from '../../src/messaging/responses.ts';
import { announcementSchema, directMessageSchema } from '../../src/messaging/schemas.ts';
import { createdAnnouncement, createdMessage, messagingErrorBody } from './bodies.ts';
import { SENT_DATE_TIME_PATTERN } from './calendar.ts';
import { describe, type Json, jsonSchemaOf, refComponents, rule, unwrapOptional } from './schema.ts';

// The rules between members, which the schemas check in `refine`/`superRefine` code.
rule(directMessageSchema.shape.to, {
  description: `Holds exactly one of ${RECIPIENT_KEYS.join(', ')}.`,
  oneOf: RECIPIENT_KEYS.map((key) => ({ required: [key] })),
});
rule(channelMessageSchema, {
  description: 'At least one of content or embeds must be present, and not empty.',
  anyOf: [
    { required: ['content'], properties: { content: { minLength: 1 } } },
    { required: ['embeds'], properties: { embeds: { minItems: 1 } } },
  ],
});

// An embed's timestamp: "string (ISO 8601)", real values only, as the schema checks it.
rule(unwrapOptional(embedSchema.shape.timestamp), { pattern: SENT_DATE_TIME_PATTERN });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

function schemas(): Record<string, Json> {
  return {
    DirectMessageRequest: jsonSchemaOf(directMessageSchema, 'input'),
    Recipient: jsonSchemaOf(directMessageSchema.shape.to, 'input'),
    AnnouncementRequest: jsonSchemaOf(announcementSchema, 'input'),
    ChannelMessageRequest: jsonSchemaOf(channelMessageSchema, 'input'),
    Embed: jsonSchemaOf(embedSchema, 'input'),
    CreatedMessage: jsonSchemaOf(createdMessage, 'output'),
    Announcement: jsonSchemaOf(createdAnnouncement, 'output'),
    ErrorBody: jsonSchemaOf(messagingErrorBody, 'output'),
  };
}

/** Descriptions of the components, added once each is in place (they are not part of the match). */
const DESCRIPTIONS: Record<string, string> = {
  Embed:
    'Shaped after the embed object of a common chat-platform webhook. Every member is optional. ' +
    "The chat platform's own extra limits (author name, field name and value, footer text, 6000 characters in all) are not the service's and are not stated here.",
  CreatedMessage: 'The created direct or channel message. Its fields are not shown by the document: any JSON object.',
  Announcement:
    'The created announcement: id, title, body, createdAt, createdBy, and a like count and a comment count whose member names are not shown ' +
    `(opslink reads the first of ${LIKE_COUNT_NAMES.join(', ')} holding a whole number as the like count, and of ${COMMENT_COUNT_NAMES.join(', ')} as the comment count).`,
  ErrorBody:
    'Shape of the error response body: not shown by the document. opslink reads message (or error, or error.message) and errors; this is the body its mock answers.',
};

const error = (description: string) => ({ description, content: json(ref('ErrorBody')) });

const RESPONSES: Record<string, Json> = {
  BadRequest: error(
    'Payload fails validation (for example neither content nor embeds is given). The document lists 400 for the channel message endpoints; opslink assumes the bot endpoints answer an invalid payload the same way (it refuses such input before sending).',
  ),
  Unauthorized: error('Key missing, wrong or revoked.'),
};

function operation(init: {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  security: Json[];
  request: string;
  created: string;
  createdDescription: string;
  errors: Record<string, Json>;
}): Json {
  return {
    operationId: init.operationId,
    tags: [init.tag],
    summary: init.summary,
    description: init.description,
    security: init.security,
    requestBody: { required: true, content: json(ref(init.request)) },
    responses: {
      '201': { description: init.createdDescription, content: json(ref(init.created)) },
      ...init.errors,
    },
  };
}

const r = (name: string) => ({ $ref: `#/components/responses/${name}` });

function paths(): Json {
  return {
    '/api/bot/messages': {
      post: operation({
        operationId: 'sendDirectMessage',
        tag: 'Bot',
        summary: 'Send a direct message to one employee',
        description:
          'The first message to a given employee creates a direct chat between the bot and that employee; every later message from the same bot to that employee reuses that chat. The message appears in the recipient’s chat in real time.',
        security: [{ botKey: [] }],
        request: 'DirectMessageRequest',
        created: 'CreatedMessage',
        createdDescription: 'The created message.',
        errors: {
          '400': r('BadRequest'),
          '401': r('Unauthorized'),
          '404': error('No employee matches the to member.'),
        },
      }),
    },
    '/api/bot/announcements': {
      post: operation({
        operationId: 'postAnnouncement',
        tag: 'Bot',
        summary: 'Post a team-wide announcement',
        description:
          'Same result as a manager posting one from the dashboard home feed: all active employees are notified; the announcement is attributed to the bot’s name.',
        security: [{ botKey: [] }],
        request: 'AnnouncementRequest',
        created: 'Announcement',
        createdDescription: 'The created announcement (id, title, body, createdAt, createdBy, like count, comment count).',
        errors: { '400': r('BadRequest'), '401': r('Unauthorized') },
      }),
    },
    '/api/automation/messages': {
      post: operation({
        operationId: 'postChannelMessage',
        tag: 'Automation channels',
        summary: 'Post a message to an automation channel',
        description:
          'Everyone with access to the channel is notified, and sees the message live if the channel is open. A channel message is visible only to employees who have been given view access to the channel, plus owner and admin users.',
        security: [{ channelKey: [] }],
        request: 'ChannelMessageRequest',
        created: 'CreatedMessage',
        createdDescription: 'The created message.',
        errors: { '400': r('BadRequest'), '401': r('Unauthorized') },
      }),
    },
    '/api/automation/webhooks/{channelId}/{token}': {
      parameters: [
        { name: 'channelId', in: 'path', required: true, description: 'The channel’s id.', schema: jsonSchemaOf(uuid, 'input') },
        {
          name: 'token',
          in: 'path',
          required: true,
          description:
            'SECRET: the channel’s raw API key, carried in the path (the whole webhook URL is a credential). Keep it out of logs; opslink masks it.',
          schema: { type: 'string', minLength: 1, format: 'password' },
        },
      ],
      post: operation({
        operationId: 'postWebhookMessage',
        tag: 'Automation channels',
        summary: 'Post a message through a channel’s webhook URL',
        description:
          'Same as the channel message endpoint, with the credential carried in the path; no Authorization header is needed. The layout matches a common chat-platform webhook URL, so tools that accept such a URL work unmodified.',
        security: [],
        request: 'ChannelMessageRequest',
        created: 'CreatedMessage',
        createdDescription: 'Same status and response shape as POST /api/automation/messages.',
        errors: {
          '400': r('BadRequest'),
          '401': error('The key in the path is wrong or revoked, or does not belong to the channelId in the path.'),
        },
      }),
    },
  };
}

const DESCRIPTION = [
  'Bot and automation-channel endpoints: direct messages to employees, team announcements, and messages (plain text and rich embeds) posted to automation channels.',
  '',
  'Generated by opslink from the zod schemas its client checks requests with, so every documented limit here is the one the SDK enforces. "Characters" are Unicode code points, as JSON Schema counts maxLength.',
  '',
  'Where the service document says "not shown", this document states opslink’s choice:',
  '- the error body is `{ message, errors? }` (see ErrorBody);',
  '- a created direct or channel message is any JSON object;',
  '- the like and comment counts of an announcement have no fixed member name (see Announcement);',
  '- the bot endpoints may answer 400 to an invalid payload, as the channel endpoints do;',
  '- rate limits are not shown: a 429, should one come, is retried after its Retry-After.',
].join('\n');

export function messagingDocument(version: string): Json {
  const components = schemas();
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'Automation Messaging API',
      version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The service’s base address; all paths are relative to it.',
        variables: { base_url: { default: 'https://messaging.example.com' } },
      },
    ],
    tags: [
      { name: 'Bot', description: 'With a bot key: direct messages and announcements.' },
      { name: 'Automation channels', description: 'With a channel key, or its webhook URL: channel messages.' },
    ],
    paths: paths(),
    components: {
      schemas: components,
      responses: RESPONSES,
      securitySchemes: {
        botKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A bot’s API key: `Authorization: Bearer <BOT_API_KEY>`. Stable until revoked; not valid for channel endpoints.',
        },
        channelKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An automation channel’s API key: `Authorization: Bearer <CHANNEL_API_KEY>`. Stable until revoked; not valid for bot endpoints. The webhook endpoint takes the same key as its last path segment instead.',
        },
      },
    },
  };
  refComponents(document, components);
  describe(components, DESCRIPTIONS);
  return document;
}
