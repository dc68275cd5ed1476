// Target 7: cold start. `import('opslink')` in a fresh Node takes ≤ 1.0 × importing its
// dependency alone, zod/mini (issue 44: the root loads no zod; issue 15's target was ≤ 1.2,
// when it did). Each sample is a new process timing its own import, interleaved, so startup of
// Node itself is not counted; the figure is the median of per-round ratios.
import { execFileSync } from 'node:child_process';
import { fmt, interleave, median, report } from './lib.mjs';

const cwd = new URL('..', import.meta.url).pathname;
const sample = (code) => () =>
  Number(
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `const t = performance.now(); ${code}; console.log(performance.now() - t);`],
      { cwd, encoding: 'utf8' },
    ),
  );
const variants = {
  'zod/mini': sample(`await import('zod/mini')`),
  opslink: sample(`await import('opslink')`),
  'ky + zod/mini': sample(`await import('ky'); await import('zod/mini')`),
};
await interleave(2, variants);
const rounds = await interleave(41, variants);
const ms = Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, median(v)]));
// Each round's own ratio, then their median: as the other benches compare variants, so a
// slow spell of the machine moves both sides of a round together instead of one median.
const perRound = (name) => rounds[name].map((v, i) => v / rounds['zod/mini'][i]);
const ratio = median(perRound('opslink'));
const ofMedians = ms.opslink / ms['zod/mini'];
report({
  name: 'Cold start: import in a fresh Node',
  rows: [
    ['zod/mini (what opslink loaded at import before issue 44)', `${fmt(ms['zod/mini'], 2)} ms`],
    ['opslink', `${fmt(ms.opslink, 2)} ms`],
    ['ky + zod/mini (what opslink loaded before issue 15), for scale', `${fmt(ms['ky + zod/mini'], 2)} ms`],
    [
      'opslink / zod/mini',
      `${fmt(ratio, 3)} (target ≤ 1.0; median of per-round ratios; the ratio of the medians above is ${fmt(ofMedians, 3)})`,
    ],
    [
      'method',
      '2 warm-up and 41 measured rounds, variants interleaved in a rotating order, each import in a fresh Node process timing itself',
    ],
  ],
  targets: [{ target: "issue 44: import('opslink') ≤ 1.0 × its dependency (zod/mini) alone", value: ratio, met: ratio <= 1.0 }],
  detail: { medianMs: ms },
});
