// Post a rich embed through the webhook URL copied from a channel's settings panel:
// no base URL and no key to configure, and the token in the URL never shows up in logs.
import { MESSAGING_ENV, MessagingClient, RequestValidationError } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run(_: Connection): Promise<string> {
  const hook = MessagingClient.fromWebhookUrl(process.env[MESSAGING_ENV.webhookUrl] ?? '');
  const message = await hook.postChannelMessage({
    username: 'Nightly export',
    embeds: [
      {
        title: 'Inventory export finished',
        url: 'https://reports.example.com/exports/2026-11-22',
        color: 0x2ecc71,
        timestamp: new Date(),
        fields: [
          { name: 'Rows', value: '18,204', inline: true },
          { name: 'Duration', value: '42 s', inline: true },
        ],
        footer: { text: 'opslink example' },
      },
    ],
  });
  // A colour outside 0..0xFFFFFF is caught before anything is sent.
  const caught = await hook.postChannelMessage({ embeds: [{ title: 'Oops', color: 0x1000000 }] }).catch((e: unknown) => e);
  const where = caught instanceof RequestValidationError ? caught.issues.map((i) => i.path.join('.')).join(', ') : 'nothing';
  return `posted embed ${String(message.id)} to channel ${hook.webhookChannelId}; a bad colour was caught at ${where}`;
}

await runDirectly(import.meta, run);
