import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS } from './test/support/chromium-args.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `#transport` and `#tracing` (package.json "imports") from source: Node's HTTP stack, or
 * fetch as every other runtime has it; the channels everywhere but in a browser.
 */
const transport = (variant: 'node' | 'fetch' | 'browser', tracing: 'channels' | 'none' = 'channels') => ({
  alias: {
    '#transport': fileURLToPath(new URL(`./src/platform/transport.${variant}.ts`, import.meta.url)),
    '#tracing': fileURLToPath(new URL(`./src/platform/tracing.${tracing}.ts`, import.meta.url)),
  },
});

/** The Node suite, run once per transport: everything the clients promise holds on both. */
const nodeSuite = (name: string, variant: 'node' | 'fetch') => ({
  resolve: transport(variant),
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/runtimes/**'],
    environment: 'node' as const,
    testTimeout: 20_000,
    // Every exchange with a service mock is checked against openapi/*.json.
    setupFiles: ['test/openapi/setup.ts'],
    // Says why the Chromium tests were skipped, when they were, and how to run them.
    globalSetup: ['test/support/chromium-notice.ts'],
  },
});

export default defineConfig({
  test: {
    projects: [
      nodeSuite('node', 'node'),
      nodeSuite('node-fetch', 'fetch'),
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
