/**
 * Starts a long-running command (the mock CLI, the demo with --stay) and waits until its
 * output says it is ready.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';

/** Runs `node args` from the repository root until stdout contains `ready`; rejects if it exits first. Killed when the test ends. */
export async function startUntil(args: string[], ready: string): Promise<{ child: ChildProcessWithoutNullStreams; output: string }> {
  const child = spawn(process.execPath, args, { cwd: new URL('../..', import.meta.url), stdio: ['pipe', 'pipe', 'pipe'] });
  // A test that fails before it interrupts the command leaves nothing running.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes(ready)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, output };
}

/** Sends SIGINT and resolves with the exit code. */
export function interrupt(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGINT');
  return exited;
}
