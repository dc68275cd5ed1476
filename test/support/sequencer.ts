/**
 * The order files start in, over every project at once: planned by `schedule.ts` so the cores
 * stay busy (the files that wait spread beside the files that compute) and no long file starts last.
 * A file's cost is its wall and CPU seconds in a run measured here and committed in
 * durations.json (`npm run test:durations` writes it from a run's OPSLINK_CPU_REPORT); where
 * vitest has this machine's own wall time from an earlier run, that, at the committed share of
 * CPU. A file with neither keeps vitest's order (failed first, then larger), after the others.
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

export class Planned extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const cost = (spec: TestSpecification): FileCost | undefined => {
      const name = relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/');
      const committed = measured[spec.project.name]?.[name];
      if (!committed) return undefined;
      const [wall, cpu] = committed;
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached === undefined || wall === 0) return { wall, cpu };
      return { wall: cached / 1000, cpu: (cpu / wall) * (cached / 1000) };
    };
    return plan(byVitest, cost);
  }
}
