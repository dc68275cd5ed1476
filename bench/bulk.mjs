// Issue 25, target: 5,000 direct messages at 16 in flight, opslink's `sendDirectMessages`
// takes ≤ 0.55 × the wall time of a hand-written pool of 16 over raw fetch, each worker
// posting its next message as the last one lands. The same pool over node:http (keep-alive
// Agent) is timed beside, the floor without a dependency. Client CPU (this process; the
// server, bench/server.mjs `dm`, runs in its own) is shown for each.
import { MessagingClient } from 'opslink';
import { cpuAndWall, DM, DM_KEY, fmt, interleave, median, nodeHttpDmPost, rawDmPost, report, spread, startServer } from './lib.mjs';

const ITEMS = 5_000;
const IN_FLIGHT = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const TARGET = 0.55;

const server = await startServer('dm');
const url = `${server.url}/api/bot/messages`;
const client = new MessagingClient({ baseUrl: server.url, botKey: DM_KEY });
const items = Array.from({ length: ITEMS }, (_, i) => ({ to: { email: `staff${i}@example.com` }, body: DM.body }));

/** `IN_FLIGHT` workers sharing one counter, each sending with `post` until every item is taken. */
const pool = (post) => async () => {
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < ITEMS) {
      next++;
      if ((await post()).chatId === 'c1') answered++;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (answered !== ITEMS) throw new Error(`pool: ${answered} of ${ITEMS} answered`);
};
const viaOpslink = async () => {
  const results = await client.sendDirectMessages(items, { concurrency: IN_FLIGHT });
  const sent = results.filter((r) => r.status === 'fulfilled' && r.value.chatId === 'c1').length;
  if (sent !== ITEMS) throw new Error(`opslink: ${sent} of ${ITEMS} sent`);
};
const measured = (run) => async () => {
  globalThis.gc?.();
  return cpuAndWall(run);
};
const variants = {
  'pool of 16 over raw fetch': measured(pool(rawDmPost(url))),
  'opslink sendDirectMessages': measured(viaOpslink),
  'pool of 16 over node:http + keep-alive Agent': measured(pool(nodeHttpDmPost(url))),
};
await interleave(1, variants); // warm-up: JIT, sockets
const rounds = await interleave(ROUNDS, variants);
await server.stop();

const BASE = 'pool of 16 over raw fetch';
const ratios = (name, kind) => rounds[name].map((r, i) => r[kind] / rounds[BASE][i][kind]);
const wallRatio = median(ratios('opslink sendDirectMessages', 'wall'));
const rows = [
  ...Object.keys(variants).map((name) => [
    name,
    `${fmt(median(rounds[name].map((r) => r.wall)), 0)} ms wall, ${fmt(median(rounds[name].map((r) => r.cpu)), 0)} ms client CPU (medians)`,
  ]),
  ...Object.keys(variants)
    .filter((name) => name !== BASE)
    .flatMap((name) => [
      [`${name} / ${BASE}, wall`, `${spread(ratios(name, 'wall'))}${name.startsWith('opslink') ? ` (target ≤ ${TARGET})` : ''}`],
      [`${name} / ${BASE}, client CPU`, spread(ratios(name, 'cpu'))],
    ]),
  [
    'method',
    `${ITEMS} direct messages, ${IN_FLIGHT} in flight, ${ROUNDS} rounds after 1 warm-up, variants interleaved in a rotating order; ratios are medians of per-round ratios. Same server for all (POST /api/bot/messages, 201, small JSON); opslink with its defaults and whatever transport the built client chooses.`,
  ],
];
report({
  name: 'Bulk: 5,000 direct messages at 16 in flight',
  rows,
  targets: [
    {
      target: `5,000 DMs at 16 in flight, opslink wall ≤ ${TARGET} × a pool of 16 over raw fetch`,
      value: wallRatio,
      met: wallRatio <= TARGET,
    },
  ],
  detail: rounds,
});
process.exit(0);
