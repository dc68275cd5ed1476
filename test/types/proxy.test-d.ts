/**
 * opslink/proxy's options and the page's clients, as types: `allow` takes only operation
 * names, `authorize` is told which call with its input typed by operation, and `viaProxy`
 * takes every common option but no credential. Each rule has a case that compiles and one
 * that must not.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import Koa from 'koa';
import {
  type AnnouncementInput,
  type DirectMessageInput,
  type InboundListParams,
  type InboundOrderUpdate,
  MessagingClient,
  WarehouseClient,
} from 'opslink';
import { createProxy, type ProxyCall, type ProxyHandler, type ProxyOperation, toNodeListener } from 'opslink/proxy';
import { describe, expectTypeOf, it } from 'vitest';

declare const messaging: MessagingClient;
declare const warehouse: WarehouseClient;

describe('createProxy', () => {
  it('takes the operations by their tracing names in allow, and nothing else', () => {
    createProxy({ warehouse, messaging, allow: ['sendDirectMessage', 'inbound.update', 'shipments.retrieve'], authorize: () => true });
    // @ts-expect-error a bulk send is its items: sendDirectMessage
    createProxy({ messaging, allow: ['sendDirectMessages'], authorize: () => true });
    // @ts-expect-error not an operation of either service
    createProxy({ warehouse, allow: ['inbound.delete'], authorize: () => true });
    expectTypeOf<ProxyOperation>().toEqualTypeOf<
      | 'sendDirectMessage'
      | 'postAnnouncement'
      | 'postChannelMessage'
      | 'inbound.create'
      | 'inbound.createBulk'
      | 'inbound.list'
      | 'inbound.update'
      | 'shipments.list'
      | 'shipments.retrieve'
    >();
  });

  it('needs allow and authorize', () => {
    // @ts-expect-error allow is required
    createProxy({ warehouse, authorize: () => true });
    // @ts-expect-error authorize is required
    createProxy({ warehouse, allow: ['shipments.list'] });
    // @ts-expect-error authorize answers a boolean (or a Promise of one)
    createProxy({ warehouse, allow: ['shipments.list'], authorize: () => 'yes' });
  });

  it('calls authorize with the request and the call, its input typed by the operation', () => {
    createProxy({
      warehouse,
      messaging,
      allow: ['sendDirectMessage', 'inbound.update'],
      authorize: async (request, call) => {
        expectTypeOf(request).toEqualTypeOf<Request>();
        expectTypeOf(call).toEqualTypeOf<ProxyCall>();
        if (call.operation === 'sendDirectMessage') expectTypeOf(call.input).toEqualTypeOf<DirectMessageInput>();
        if (call.operation === 'postAnnouncement') expectTypeOf(call.input).toEqualTypeOf<AnnouncementInput>();
        if (call.operation === 'inbound.update') expectTypeOf(call.input).toEqualTypeOf<{ order_id: string; patch: InboundOrderUpdate }>();
        if (call.operation === 'inbound.list') expectTypeOf(call.input).toEqualTypeOf<InboundListParams>();
        if (call.operation === 'inbound.createBulk') expectTypeOf(call.input).toEqualTypeOf<Blob>();
        if (call.operation === 'shipments.retrieve') expectTypeOf(call.input).toEqualTypeOf<string>();
        if (call.service === 'messaging') {
          // @ts-expect-error a messaging call is never a warehouse operation
          call.operation === 'inbound.list';
        }
        return true;
      },
    });
  });

  it('takes CORS origins and a body limit, and makes a fetch handler Node can serve', () => {
    const handle = createProxy({
      warehouse,
      allow: ['shipments.list'],
      authorize: () => true,
      cors: { origins: ['https://ops.example.com'] },
      maxBodyBytes: 1_000,
    });
    expectTypeOf(handle).toEqualTypeOf<ProxyHandler>();
    expectTypeOf(handle).toEqualTypeOf<(request: Request) => Promise<Response>>();
    createServer(toNodeListener(handle));
    // @ts-expect-error origins is a list
    createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true, cors: { origins: 'https://ops.example.com' } });
  });
});

describe('bodyTimeout and toNodeListener in an app', () => {
  const handle = createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true });

  it('takes bodyTimeout as milliseconds', () => {
    createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true, bodyTimeout: 120_000 });
    createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true, bodyTimeout: Number.POSITIVE_INFINITY });
    // @ts-expect-error milliseconds, not a duration in words
    createProxy({ warehouse, allow: ['shipments.list'], authorize: () => true, bodyTimeout: '2m' });
  });

  it('is Express, Koa and Fastify middleware as well as a Node listener, and a promise they can wait on', () => {
    const listener = toNodeListener(handle);
    expectTypeOf(listener).returns.toEqualTypeOf<Promise<void>>();
    createServer(listener);
    express().use('/opslink', listener);
    express().all('/opslink/*splat', listener);
    new Koa().use((ctx, next) => listener(ctx.req, ctx.res, next));
    Fastify().all('/opslink/*', (request, reply) => {
      reply.hijack();
      return listener(request.raw, reply.raw);
    });
  });

  it("takes the framework's next, and nothing else, as its third argument", () => {
    const listener = toNodeListener(handle);
    const req = {} as IncomingMessage;
    const res = {} as ServerResponse;
    void listener(req, res, () => {});
    // @ts-expect-error the third argument is the framework's next function, not a path
    void listener(req, res, '/opslink');
  });
});

describe('viaProxy', () => {
  it('takes a URL or a path, and the common options', () => {
    expectTypeOf(MessagingClient.viaProxy('/opslink', { timeout: 10_000, maxRetries: 1 })).toEqualTypeOf<MessagingClient>();
    expectTypeOf(
      WarehouseClient.viaProxy(new URL('https://app.example.com/opslink'), { deadline: 60_000 }),
    ).toEqualTypeOf<WarehouseClient>();
    MessagingClient.viaProxy('/opslink', { embedLimits: 'chat-platform' });
  });

  it('takes no credential and no warehouse id', () => {
    // @ts-expect-error the proxy adds the server's bot key
    MessagingClient.viaProxy('/opslink', { botKey: 'bot_key' });
    // @ts-expect-error the proxy adds the server's channel key
    MessagingClient.viaProxy('/opslink', { channelKey: 'chan_key' });
    // @ts-expect-error a webhook URL holds the channel's key
    MessagingClient.viaProxy('/opslink', { webhookUrl: 'https://chat.example.com/api/automation/webhooks/a/b' });
    // @ts-expect-error the proxy adds the server's API key
    WarehouseClient.viaProxy('/opslink', { apiKey: 'wh_key' });
    // @ts-expect-error the proxy's client names the warehouse
    WarehouseClient.viaProxy('/opslink', { warehouseId: 'wh-1' });
  });
});
