/**
 * The `opslink-mock` bin, an alias of `opslink mock`: the same command, loaded from the
 * `opslink` bin's own file (kept external by tsup.config.ts).
 */
process.argv.splice(2, 0, 'mock');
await import('./index.js');
