// Post a team-wide announcement as the bot; every active employee is notified.
import { MessagingClient } from 'opslink';
import { type Connection, runDirectly } from './_connect.ts';

export async function run(_: Connection): Promise<string> {
  const client = MessagingClient.fromEnv();
  const { data: announcement, response } = await client
    .postAnnouncement({ title: 'Stocktake on Friday', body: 'Receiving closes at 4 pm; pick-up resumes Monday 7 am.' })
    .withResponse();
  return `posted announcement ${String(announcement.id)} "${announcement.title}" by ${String(announcement.createdBy)} (HTTP ${response.status}, ${announcement.likeCount ?? 0} likes)`;
}

await runDirectly(import.meta, run);
