/** Optional request logging: a line per attempt, retry and failure, secrets already scrubbed. */

/**
 * Which log lines reach the `logger` option: `off` (the default) sends none, and each level
 * after it adds more detail (`error`, `warn`, `info`, `debug`). Keys and tokens never appear.
 * @example
 * ```ts
 * const logLevel: LogLevel = process.env.NODE_ENV === 'production' ? 'warn' : 'debug';
 * const warehouse = new WarehouseClient({ domain: 'example.com', apiKey: process.env.WH_KEY!, warehouseId: process.env.WH_ID!, logLevel });
 * ```
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';
/**
 * Where a client writes its log lines: any object with `debug`, `info`, `warn` and `error`
 * methods, such as `console` or a pino/winston logger. Lines start with `[opslink]`.
 * @example
 * ```ts
 * const messaging = new MessagingClient({ baseUrl: 'https://chat.example.com', botKey: process.env.BOT_KEY, logger: console, logLevel: 'info' });
 * ```
 */
export type Logger = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/**
 * One function per level that is on; a level that is off is missing, so a call site written
 * `log.debug?.(\`…\`)` does not even build its message.
 */
export interface LogSink {
  error?: (message: string) => void;
  warn?: (message: string) => void;
  info?: (message: string) => void;
  debug?: (message: string) => void;
}

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
