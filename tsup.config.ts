import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // The optional peers stay the user's install: msw for the testing kit, OpenTelemetry for opslink/otel.
  // `#transport` and `#tracing` are the package's own imports (package.json "imports"): the runtime's resolver
  // picks the variant built below, so a browser or worker bundle never holds the Node one.
  external: ['zod', 'msw', /^@opentelemetry\//, /^node:/, /^#(transport|tracing)$/],
};

/** Resolves the core's error classes to the package's own `opslink` entry (see the entries that use it). */
const sdkErrors: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'sdk-errors',
  setup(build) {
    build.onResolve({ filter: /\/core\/errors\/index\.js$/ }, () => ({ path: 'opslink', external: true }));
  },
};

/** The SDK's entry points: they share chunks, so each class exists once across them. */
const SDK_ENTRIES = {
  index: 'src/index.ts',
  'messaging/index': 'src/messaging/index.ts',
  'warehouse/index': 'src/warehouse/index.ts',
  // The zod schemas: an entry of its own, the only SDK entry that loads zod.
  'schemas/index': 'src/schemas.ts',
  'otel/index': 'src/otel/index.ts',
  // In the SDK's build, so the errors it reads of the server's clients are the same classes.
  'proxy/index': 'src/proxy/index.ts',
};

export default defineConfig([
  {
    ...shared,
    entry: SDK_ENTRIES,
    // Both formats in one configuration: one declaration pass writes the .d.ts and the .d.cts
    // (two configurations type-checked the same entries twice).
    format: ['esm', 'cjs'],
    dts: true,
    // Not `clean: true`: tsup's declaration step would then delete every .d.ts in dist/,
    // the other entries' too, whenever it happens to finish after them. `npm run build`
    // empties dist/ first instead.
    clean: false,
    // Shared chunks keep one copy of each class, so `instanceof` holds across entry points.
    splitting: true,
  },
  // `opslink/testing` on its own: left in the build above, it would split the SDK's code into
  // twice as many shared chunks, each one more file that `import('opslink')` has to load
  // (bench/coldstart.mjs). It shares no class or object with the SDK's entries that a user
  // compares by identity, so its own copy of the schemas and rules it checks with is safe.
  {
    ...shared,
    entry: { 'testing/index': 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: false,
    // No import.meta in CommonJS: startMockServer finds the inbox page's files by __filename there.
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.define = { ...options.define, 'import.meta.url': 'undefined' };
    },
  },
  // What a browser's bundler takes (the `browser` condition of the SDK's entries): every module
  // as a file of its own, so the bundler splits a page's code at the modules a call loads on
  // demand (a channel message's embeds, a bulk send) and leaves them out of the page's first
  // load. Bundled chunks (above) would tie them to the code every page needs.
  {
    ...shared,
    entry: ['src/index.ts', 'src/schemas.ts', 'src/{core,internal,seams,messaging,warehouse}/**/*.ts'],
    outDir: 'dist/browser',
    format: ['esm'],
    bundle: false,
    splitting: false,
    sourcemap: false,
    dts: false,
    clean: false,
  },
  // `#transport`'s variants (src/platform/README.md): files of their own, loaded by the core's
  // `import '#transport'` as the runtime's conditions pick them. They import only types of
  // the core and one small function, so no class is copied.
  {
    ...shared,
    entry: {
      'platform/transport.node': 'src/platform/transport.node.ts',
      'platform/transport.fetch': 'src/platform/transport.fetch.ts',
      'platform/transport.browser': 'src/platform/transport.browser.ts',
      'platform/tracing.channels': 'src/platform/tracing.channels.ts',
      'platform/tracing.none': 'src/platform/tracing.none.ts',
    },
    format: ['esm', 'cjs'],
    dts: false,
    clean: false,
  },
  // `opslink/node` and `opslink/redis`: Node-only or optional helpers in entries of their
  // own, so the SDK's entries (and their browser bundles) gain nothing from them. The errors
  // they throw (a ConfigurationError naming an option) come from the `opslink` entry itself:
  // a copy bundled here would be another class, and `instanceof` would fail.
  {
    ...shared,
    entry: { 'node/index': 'src/node/index.ts', 'redis/index': 'src/redis/index.ts' },
    target: 'node22',
    format: ['esm', 'cjs'],
    dts: true,
    clean: false,
    esbuildPlugins: [sdkErrors],
  },
  // The command line: its own entry, bundled with what it uses of the SDK, so the SDK's
  // entries gain nothing from it. `opslink/testing` (and its peer msw) stays a separate file,
  // loaded by `opslink mock` only when it runs.
  {
    ...shared,
    entry: { 'cli/index': 'src/cli/index.ts' },
    target: 'node22',
    format: ['esm'],
    dts: false,
    clean: false,
    external: [...(shared.external ?? []), /^\.\.\/testing\/index\.js$/],
    banner: { js: '#!/usr/bin/env node' },
  },
  // `opslink-mock`, an alias of `opslink mock`: runs the `opslink` bin's file.
  {
    ...shared,
    entry: { 'cli/opslink-mock': 'src/cli/opslink-mock.ts' },
    target: 'node22',
    format: ['esm'],
    dts: false,
    clean: false,
    external: [/^\.\/index\.js$/],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
