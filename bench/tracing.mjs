// Issue 27: what the tracing channels cost per request. With nobody subscribed the core only
// asks each channel `hasSubscribers`, so opslink must send as fast as without tracing, within
// the run's noise. Side by side, interleaved per round: raw fetch; the built package bundled
// twice for Node by esbuild, once as Node resolves it and once with `#tracing` resolved to
// the no-op a browser gets (the same code without tracing); a second copy of the first
// bundle, so the A/A ratio shows the noise a variant has against itself; and the package with
// a no-op subscriber on both channels (contexts built and published).
import diagnostics from 'node:diagnostics_channel';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DM, fmt, interleave, DM_KEY as KEY, median, rawDmPost, report, startServer } from './lib.mjs';

const REQUESTS = 200;
const ROUNDS = 21;
const BLOCKS = 3;
const WARMUP_ROUNDS = 5;

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}.tmp/bench-tracing`;
mkdirSync(outdir, { recursive: true });
/** dist/index.js as one ESM file for Node; `#tracing` as given (`channels` or `none`), `#transport` as Node resolves it. */
async function bundled(name, tracing) {
  const file = `${outdir}/${name}.mjs`;
  await build({
    entryPoints: [`${root}dist/index.js`],
    bundle: true,
    format: 'esm',
    platform: 'node',
    tsconfigRaw: '{}',
    alias: { '#tracing': `${root}dist/platform/tracing.${tracing}.js` },
    external: ['zod'],
    outfile: file,
    logLevel: 'silent',
  });
  return import(file);
}
const [traced, traced2, untraced] = [
  await bundled('traced', 'channels'),
  await bundled('traced-copy', 'channels'),
  await bundled('untraced', 'none'),
];

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;
const clientOf = (sdk) => new sdk.MessagingClient({ baseUrl: server.url, botKey: KEY });
const [client, copy, without] = [clientOf(traced), clientOf(traced2), clientOf(untraced)];

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
  'the same bundle, a second copy': timed(() => copy.sendDirectMessage(DM)),
  'opslink without tracing (#tracing: none)': timed(() => without.sendDirectMessage(DM)),
  'opslink, no-op subscriber': subscribed(timed(() => client.sendDirectMessage(DM))),
};
await interleave(WARMUP_ROUNDS, variants);
const blocks = [];
for (let block = 0; block < BLOCKS; block++) blocks.push(await interleave(ROUNDS, variants));
await server.stop();

const rounds = Object.fromEntries(Object.keys(variants).map((name) => [name, blocks.flatMap((b) => b[name])]));
const pairedRatio = (name, base, of = rounds) => median(of[name].map((value, round) => value / of[base][round]));
const perBlock = (name, base) => blocks.map((b) => fmt(pairedRatio(name, base, b), 3)).join(', ');
const ratioRow = (name, base) => [`${name} / ${base}`, `${fmt(pairedRatio(name, base), 3)}; block by block ${perBlock(name, base)}`];
const cost = pairedRatio('opslink, no subscriber', 'opslink without tracing (#tracing: none)');
const selfRatios = blocks.map((b) => pairedRatio('the same bundle, a second copy', 'opslink, no subscriber', b));
// The noise: how far the A/A ratio strays from 1 over the blocks and over the whole run.
const noise = Math.max(
  ...[...selfRatios, pairedRatio('the same bundle, a second copy', 'opslink, no subscriber')].map((r) => Math.abs(r - 1)),
);
const rows = [
  ...Object.keys(variants).map((name) => [name, `${fmt(median(rounds[name]))} µs/request`]),
  ratioRow('opslink, no subscriber', 'opslink without tracing (#tracing: none)'),
  ratioRow('the same bundle, a second copy', 'opslink, no subscriber'),
  ratioRow('opslink, no-op subscriber', 'opslink, no subscriber'),
  ratioRow('opslink, no subscriber', 'raw fetch'),
  [
    'method',
    `${BLOCKS} blocks × ${ROUNDS} rounds × ${REQUESTS} sequential requests per variant after ${WARMUP_ROUNDS} warm-up rounds, interleaved in a rotating order; ratios are medians of per-round ratios. The three opslink builds are esbuild bundles of dist/index.js for Node (the Node transport), made by this bench; "without tracing" resolves #tracing to the browser's no-op.`,
  ],
];
report({
  name: 'Tracing channels: cost per request with no subscriber (small JSON POST, keep-alive, 127.0.0.1)',
  rows,
  targets: [
    {
      target: `tracing with no subscriber within the noise: |no subscriber / without tracing − 1| ≤ the A/A ratio's largest distance from 1 (${fmt(noise, 3)})`,
      value: cost,
      met: Math.abs(cost - 1) <= noise,
    },
  ],
});
