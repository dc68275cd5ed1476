// Issue 27: what the tracing channels cost per request. With nobody subscribed the core only
// asks each channel `hasSubscribers`, so opslink must send as fast as without tracing, within
// the run's noise (block-to-block spread). Side by side, interleaved per round: raw fetch,
// opslink with no subscriber, opslink with a no-op subscriber on both channels, and (when
// OPSLINK_BASELINE names another build's dist/index.js, e.g. main's before tracing) that build.
import diagnostics from 'node:diagnostics_channel';
import { MessagingClient } from 'opslink';
import { DM, fmt, interleave, DM_KEY as KEY, median, rawDmPost, report, startServer } from './lib.mjs';

const REQUESTS = 200;
const ROUNDS = 21;
const BLOCKS = 3;
const WARMUP_ROUNDS = 5;

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;
const baseline = process.env.OPSLINK_BASELINE ? await import(process.env.OPSLINK_BASELINE) : undefined;
const client = new MessagingClient({ baseUrl: server.url, botKey: KEY });
const before = baseline && new baseline.MessagingClient({ baseUrl: server.url, botKey: KEY });

const noop = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
const channels = ['opslink:call', 'opslink:request'].map((name) => diagnostics.tracingChannel(name));
/** Runs `send` with a no-op subscriber on both channels, so the contexts are built and published. */
const subscribed = (send) => async () => {
  for (const channel of channels) channel.subscribe(noop);
  try {
    return await send();
  } finally {
    for (const channel of channels) channel.unsubscribe(noop);
  }
};
const timed = (send) => async () => {
  globalThis.gc?.();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await send();
  return ((performance.now() - started) * 1000) / REQUESTS; // µs per request
};
const variants = {
  'raw fetch': timed(rawDmPost(url)),
  'opslink, no subscriber': timed(() => client.sendDirectMessage(DM)),
  'opslink, no-op subscriber': subscribed(timed(() => client.sendDirectMessage(DM))),
  ...(before && { 'baseline build': timed(() => before.sendDirectMessage(DM)) }),
};
await interleave(WARMUP_ROUNDS, variants);
const blocks = [];
for (let block = 0; block < BLOCKS; block++) blocks.push(await interleave(ROUNDS, variants));
await server.stop();

const rounds = Object.fromEntries(Object.keys(variants).map((name) => [name, blocks.flatMap((b) => b[name])]));
const pairedRatio = (name, base, of = rounds) => median(of[name].map((value, round) => value / of[base][round]));
const perBlock = (name, base) => blocks.map((b) => fmt(pairedRatio(name, base, b), 3)).join(', ');
const rows = [
  ...Object.keys(variants).map((name) => [name, `${fmt(median(rounds[name]))} µs/request`]),
  ...Object.keys(variants)
    .filter((name) => name !== 'raw fetch')
    .map((name) => [`${name} / raw fetch`, `${fmt(pairedRatio(name, 'raw fetch'), 3)}; block by block ${perBlock(name, 'raw fetch')}`]),
  ...(before
    ? [
        [
          'no subscriber / baseline build',
          `${fmt(pairedRatio('opslink, no subscriber', 'baseline build'), 3)}; block by block ${perBlock('opslink, no subscriber', 'baseline build')}`,
        ],
      ]
    : []),
];
report({ name: 'Tracing channels: cost per request (small JSON POST, keep-alive, 127.0.0.1)', rows, targets: [] });
