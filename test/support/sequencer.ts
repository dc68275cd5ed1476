/**
 * The order files start in: longest first, over every project at once, so that no long file
 * starts last and runs alone while the other workers idle. A file's wall seconds are this
 * machine's own from an earlier run (vitest's cache) when there is one, else those measured
 * here and committed in durations.json by project (`npm run test:durations` writes it from a
 * run's OPSLINK_CPU_REPORT), else the file's size as vitest guesses. (An order that took the
 * files that compute and those that wait in turn kept the cores 96 % busy against 85 %, but
 * put the Redis fleet's rate test beside the computing files, where its eight processes could
 * not keep their rate: test/README.md, "Order and workers".)
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Project name → file (from the repository's root) → [wall seconds, CPU seconds]. */
export type Durations = Record<string, Record<string, [number, number]>>;

const measured: Durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const seconds = (spec: TestSpecification): number | undefined => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached !== undefined) return cached / 1000;
      return measured[spec.project.name]?.[relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/')]?.[0];
    };
    const rank = new Map(byVitest.map((spec, i) => [spec, i]));
    // A file with no figure keeps vitest's place among the others (failed first, then larger).
    return byVitest.toSorted((a, b) => {
      const da = seconds(a);
      const db = seconds(b);
      if (da !== undefined && db !== undefined) return db - da;
      if (da === undefined && db === undefined) return rank.get(a)! - rank.get(b)!;
      return da === undefined ? 1 : -1;
    });
  }
}
