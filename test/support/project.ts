/**
 * What vitest.config.ts tells the node projects' files: which project runs them, `node`
 * (#transport = the Node transport) or `node-fetch` (fetch), so a part of a file in
 * BOTH_TRANSPORTS (transports.ts) that proves the same on either runs once; and whether the
 * run collects coverage.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    transport: 'node' | 'fetch';
    /** Whether the run collects v8 coverage (`--coverage`), which about doubles the CPU a call takes. */
    coverage: boolean;
  }
}

/** True in the `node` project: a part that proves the same on either transport runs there only. */
export const onNodeProject = inject('transport') === 'node';

/**
 * How many times more CPU the code takes in this run: 3 under v8 coverage (measured 2.3: a bulk of
 * 100,000 objects took 2.5 s of CPU, 5.7 s with coverage), else 1. For a bound on CPU time.
 */
export const cpuFactor = inject('coverage') ? 3 : 1;
