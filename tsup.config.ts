import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  external: ['ky', 'zod', 'msw', /^node:/],
};

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      'messaging/index': 'src/messaging/index.ts',
      'warehouse/index': 'src/warehouse/index.ts',
      'testing/index': 'src/testing/index.ts',
    },
    format: ['esm'],
    dts: true,
    clean: true,
    // Shared chunks keep one copy of each class, so `instanceof` holds across entry points.
    splitting: true,
  },
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      'messaging/index': 'src/messaging/index.ts',
      'warehouse/index': 'src/warehouse/index.ts',
      'testing/index': 'src/testing/index.ts',
    },
    format: ['cjs'],
    dts: true,
    clean: false,
    splitting: true,
    // No import.meta in CommonJS: startMockServer finds the inbox page's files by __filename there.
    define: { 'import.meta.url': 'undefined' },
    // ky 2 is ESM-only, and require() of ESM needs Node 22.12: the CommonJS build carries
    // its own copy so `require('opslink')` works on every Node the package supports.
    external: ['zod', 'msw', /^node:/],
    noExternal: ['ky'],
  },
  {
    ...shared,
    entry: { 'testing/cli': 'src/testing/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
