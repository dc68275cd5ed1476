/**
 * The order files start in: longest first, over every project at once, so that no long file
 * starts last and runs alone while the other workers idle. The durations are this machine's
 * own from an earlier run (vitest's cache) when there is one, else those measured here and
 * committed in durations.json (a fresh clone, CI), else the file's size as vitest guesses.
 * `npm run test:durations` writes the file from a run's JSON report (.tmp/node-tests.json).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const measured: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const seconds = (spec: TestSpecification): number | undefined => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      return cached !== undefined ? cached / 1000 : measured[relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/')];
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
