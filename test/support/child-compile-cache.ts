/**
 * Setup of the node projects: the processes the tests start (the built CLI, the demo, the
 * fleet's workers, the load test's child) keep Node's compile cache under `--coverage` too.
 * Vitest turns the cache off there for its workers and everything they start (V8's cached
 * scripts lack the source positions precise coverage needs); no coverage is collected in the
 * tests' own children, which run the built package, so it is turned back on for them. A worker
 * read its own setting when it started: this changes only what it starts.
 */
if (process.env.NODE_DISABLE_COMPILE_CACHE) {
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
  process.env.NODE_COMPILE_CACHE = new URL('../../.tmp/node-compile-cache', import.meta.url).pathname;
}
