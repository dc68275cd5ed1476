/**
 * The environment variables `MessagingClient.fromEnv` reads, by option.
 * @example
 * ```ts
 * const missing = Object.values(MESSAGING_ENV).filter((name) => !process.env[name]);
 * ```
 */
export const MESSAGING_ENV = {
  baseUrl: 'OPSLINK_MESSAGING_URL',
  botKey: 'OPSLINK_BOT_KEY',
  channelKey: 'OPSLINK_CHANNEL_KEY',
  webhookUrl: 'OPSLINK_WEBHOOK_URL',
} as const;
