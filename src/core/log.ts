/** Optional request logging: a line per attempt, retry and failure, secrets already scrubbed. */
import type { LogSink } from '../seams/store.js';
import type { Logger, LogLevel } from './options.js';

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/** A sink that forwards the levels at or above `level` to `logger` (the console when not given), prefixed `[opslink]`. */
export function createLogSink(logger: Logger | undefined, level: LogLevel): LogSink {
  const rank = LOG_LEVELS.indexOf(level);
  // A level without a logger means the console: asking for lines and getting none helps nobody.
  const target = rank > 0 ? (logger ?? globalThis.console) : undefined;
  const sink: LogSink = {};
  if (!target) return sink;
  for (const method of ['error', 'warn', 'info', 'debug'] as const) {
    if (LOG_LEVELS.indexOf(method) <= rank) sink[method] = (message) => target[method](`[opslink] ${message}`);
  }
  return sink;
}
