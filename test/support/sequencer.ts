/**
 * The order files start in, over every project at once: planned by `schedule.ts` so the cores
 * stay busy (the files that wait spread beside the files that compute) and no long file starts last.
 * A file's cost is its wall and CPU seconds in a run measured here and committed in
 * durations.json (`npm run test:durations` writes it from a run's OPSLINK_CPU_REPORT); where
 * vitest has this machine's own wall time from an earlier run, that, at the committed share of
 * CPU. A file not in durations.json keeps vitest's order (failed first, then larger), after
 * the others, whatever vitest's cache holds of it.
 * (The fleet's rate test, which could not keep its rate beside the computing files, runs
 * after all of them, in the `node-quiet` project: test/README.md, "Order and workers".)
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { type FileCost, plan } from './schedule.ts';

/** Project name → file (from the repository's root) → [wall seconds, CPU seconds]. */
export type Durations = Record<string, Record<string, [number, number]>>;

const measured: Durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

/**
 * `files` in an order drawn from `seed` (Fisher–Yates on a 32-bit LCG): the same seed, the
 * same order, so a failure it shows can be run again.
 */
export function shuffled<T>(files: readonly T[], seed: number): T[] {
  const order = [...files];
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export class Planned extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    // OPSLINK_SHUFFLE_SEED=N: the files in an order drawn from N, so that a file that leaves
    // something behind for the next one in its worker (isolate: false) shows (test/README.md).
    // Vitest's own --sequence.shuffle does not reach a sequencer of one's own.
    const seed = process.env.OPSLINK_SHUFFLE_SEED;
    if (seed) return shuffled(byVitest, Number(seed));
    const cost = (spec: TestSpecification): FileCost | undefined => {
      const name = relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/');
      const committed = measured[spec.project.name]?.[name];
      if (!committed) return undefined;
      const [wall, cpu] = committed;
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached === undefined || wall === 0) return { wall, cpu };
      return { wall: cached / 1000, cpu: (cpu / wall) * (cached / 1000) };
    };
    // Each project's files together: a worker goes on to the next file only within its project
    // (isolate: false), so a node-fetch file between two node files costs a new worker.
    const projects = new Map<string, TestSpecification[]>();
    for (const spec of byVitest) {
      const files = projects.get(spec.project.name) ?? [];
      projects.set(spec.project.name, files);
      files.push(spec);
    }
    return [...projects.values()].flatMap((files) => plan(files, cost));
  }
}
