/**
 * Which node project runs this file: `node` (#transport = the Node transport) or `node-fetch`
 * (fetch), as vitest.config.ts provides it. For a file in BOTH_TRANSPORTS (transports.ts) whose
 * part that runs the built package in a child process (always the Node transport) should run once.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    transport: 'node' | 'fetch';
  }
}

/** True in the `node` project: a part that proves the same on either transport runs there only. */
export const onNodeProject = inject('transport') === 'node';
