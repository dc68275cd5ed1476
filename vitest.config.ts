import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS } from './test/support/chromium-args.ts';
import { Planned } from './test/support/sequencer.ts';
import { BOTH_TRANSPORTS } from './test/support/transports.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `#transport` and `#tracing` (package.json "imports") from source: Node's HTTP stack, or
 * fetch as every other runtime has it; the channels everywhere but in a browser. The node
 * project's Node transport is the source's, counted by test/support/transport-watch.ts.
 */
const transport = (variant: 'node' | 'fetch' | 'browser' | 'node-watched', tracing: 'channels' | 'none' = 'channels') => ({
  alias: {
    '#transport': variant === 'node-watched' ? here('./test/support/transport-watch.ts') : here(`./src/platform/transport.${variant}.ts`),
    '#tracing': here(`./src/platform/tracing.${tracing}.ts`),
  },
});

/** `npm test -- --coverage`, as .ci/run runs it: the files are told (test/support/project.ts). */
const coverage = process.argv.some((arg) => arg === '--coverage' || arg.startsWith('--coverage.enabled'));

const nodeTest = {
  environment: 'node' as const,
  exclude: ['test/browser/**', 'test/runtimes/**'],
  testTimeout: 20_000,
  // A worker runs file after file with the modules it has loaded (zod, the SDK, fast-check,
  // MSW): a new worker per file cost 246 ms each and the imports again, 175 times (see
  // test/README.md, "Order and workers"). What a file changes it puts back (timers, env,
  // globals, `vi.resetModules`); the transport check counts each file's own sends. Held by
  // runs in shuffled orders (OPSLINK_SHUFFLE_SEED, support/sequencer.ts).
  isolate: false,
  // Node's compile cache for the processes the tests start (the CLI, the demo, the fleet's
  // workers: hundreds of starts of the same files): 12–15 % less CPU for the CLI tests here.
  env: { NODE_COMPILE_CACHE: here('./.tmp/node-compile-cache') },
  // Says why the Chromium tests were skipped, when they were, and how to run them.
  globalSetup: ['test/support/chromium-notice.ts'],
};
// Every exchange with a service mock is checked against openapi/*.json.
const OPENAPI_SETUP = 'test/openapi/setup.ts';
// The processes the tests start keep the compile cache under --coverage (the file says why).
const CHILD_COMPILE_CACHE = 'test/support/child-compile-cache.ts';
// OPSLINK_CPU_REPORT=<file>: the CPU each file used, a line per file (the file says how).
const CPU_REPORT = 'test/support/cpu-report.ts';
/** Run by the `node-quiet` project, after the `node` and `node-fetch` files (see there): the Redis files with bounds in ms. */
const ON_A_QUIET_MACHINE = [
  'test/redis/fleet-rate.store.test.ts',
  'test/redis/fleet-rate.no-store.test.ts',
  'test/redis/fleet-limit.test.ts',
  'test/redis/store-chaos.redis.test.ts',
  'test/redis/store-chaos.ioredis.test.ts',
  'test/redis/store-kept.test.ts',
];

export default defineConfig({
  test: {
    // Two files more than the cores: most files spend much of their time waiting on sockets,
    // timers, Redis, Chromium and child processes, not on a core. On 2 cores, CI (fresh clone,
    // v8 coverage, the runtime matrix beside): three at a time 417 s (npm test 357 s), four
    // 350 s (npm test 306 s).
    maxWorkers: Number(process.env.OPSLINK_TEST_WORKERS) || availableParallelism() + 2,
    // The files that compute and those that wait side by side, each longest first, over all
    // projects: the cores stay busy, and no long file is left to run alone at the end.
    sequence: { sequencer: Planned },
    // `npm test -- --coverage` (as .ci/run does): v8 coverage of src/, merged over the node
    // and node-fetch projects; the type tests and child processes (the built package) add none.
    coverage: {
      provider: 'v8',
      // Every source file (not the READMEs, styles and icons). The inbox page's scripts run in
      // Chromium only, where v8 coverage is not collected: they count, as uncovered.
      include: ['src/**/*.{ts,js}'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
      // The figures even when a test failed: CI prints them either way.
      reportOnFailure: true,
    },
    projects: [
      // Every file, on the Node transport: what a Node user gets.
      {
        resolve: transport('node-watched'),
        test: {
          ...nodeTest,
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...nodeTest.exclude, ...ON_A_QUIET_MACHINE],
          provide: { transport: 'node', coverage },
          // After each file: did it send over the Node transport without being listed for both? (test/README.md)
          setupFiles: [CPU_REPORT, OPENAPI_SETUP, 'test/support/transport-check.ts', CHILD_COMPILE_CACHE],
        },
      },
      // Files whose bounds are the timing of other processes (Redis, the fleet's workers), after
      // the node and node-fetch files (vitest's type check runs after both groups): the fleet's
      // eight workers keep their rate within 3 % beside one another, not beside the property
      // files under coverage (8.1/s
      // of 12 in CI, a 250 ms stall of every process read as 47.1/s of 50). All at once they keep
      // about half of the two cores busy, for 22 s. Node transport, as the `node` project.
      {
        resolve: transport('node-watched'),
        test: {
          ...nodeTest,
          name: 'node-quiet',
          include: [...ON_A_QUIET_MACHINE],
          sequence: { groupOrder: 1 },
          // All at once: they wait on Redis, timers and their workers, not on a core.
          maxWorkers: ON_A_QUIET_MACHINE.length,
          provide: { transport: 'node', coverage },
          setupFiles: [CPU_REPORT, OPENAPI_SETUP, 'test/support/transport-check.ts', CHILD_COMPILE_CACHE],
        },
      },
      // The files whose clients send over the platform transport in-process, again on fetch:
      // what every other runtime, and a Node user with a fetch of their own, gets.
      {
        resolve: transport('fetch'),
        test: {
          ...nodeTest,
          name: 'node-fetch',
          include: [...BOTH_TRANSPORTS],
          provide: { transport: 'fetch', coverage },
          setupFiles: [CPU_REPORT, OPENAPI_SETUP, CHILD_COMPILE_CACHE],
        },
      },
      {
        test: {
          name: 'types',
          include: [],
          typecheck: { enabled: true, only: true, include: ['test/types/**/*.test-d.ts'], tsconfig: 'tsconfig.test.json' },
        },
      },
      {
        resolve: transport('browser', 'none'),
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: CHROMIUM_ARGS,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
