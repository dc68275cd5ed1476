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

export interface LogSink {
  error(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  debug(message: string, data?: Record<string, unknown>): void;
}

const silent: LogSink = { error() {}, warn() {}, info() {}, debug() {} };

/** A sink that forwards the levels at or above `level` to `logger` (the console when not given), prefixed `[opslink]`. */
export function createLogSink(logger: Logger | undefined, level: LogLevel): LogSink {
  const rank = LOG_LEVELS.indexOf(level);
  if (rank <= 0) return silent;
  // A level without a logger means the console: asking for lines and getting none helps nobody.
  logger ??= globalThis.console;
  if (!logger) return silent;
  const at = (method: 'error' | 'warn' | 'info' | 'debug') =>
    LOG_LEVELS.indexOf(method) <= rank
      ? (message: string, data?: Record<string, unknown>) =>
          data === undefined ? logger[method](`[opslink] ${message}`) : logger[method](`[opslink] ${message}`, data)
      : () => {};
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
