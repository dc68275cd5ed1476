/**
 * Starts `journal-campaign.mjs` (a bulk send through the built package) in a child process
 * and collects its result lines, for the crash tests of the file and Redis journals.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

export interface CampaignLine {
  index: number;
  status: string;
  error?: string;
}

export interface Campaign {
  child: ChildProcessWithoutNullStreams;
  lines: CampaignLine[];
  exited: Promise<number | null>;
  stderr(): string;
}

/** `journal`: `file:<path>` or `redis:<port>:<name>`; claims lapse after `leaseMs`. */
export function startCampaign(
  target: { url: string; botKey: string; email: string },
  options: { count: number; concurrency: number; journal: string; leaseMs: number },
): Campaign {
  const args = [target.url, target.botKey, target.email, String(options.count), String(options.concurrency), options.journal];
  const child = spawn(process.execPath, ['test/support/journal-campaign.mjs', ...args], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, JOURNAL_LEASE_MS: String(options.leaseMs) },
  });
  const lines: CampaignLine[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, end)));
      buffered = buffered.slice(end + 1);
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return { child, lines, exited: new Promise((resolve) => child.on('exit', resolve)), stderr: () => stderr };
}
