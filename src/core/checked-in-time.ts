/**
 * A check that reads before it can say (a bulk CSV read to its end) is part of its call: the
 * caller's signal and the call's deadline end it as they would a request.
 */
import type { Stop } from '../internal/signals.js';
import { CallDeadline } from './http/deadline.js';
import { timeoutError, userAbort } from './http/error-mapping.js';
import type { CallOptions, RequestSpec } from './http/index.js';
import type { ClientContext, Operation } from './operation.js';

/**
 * A check that takes its time (a file read to its end), ended by the caller's signal or the
 * call's deadline as a request would be: `APIUserAbortError` or `APIConnectionTimeoutError`,
 * nothing sent; `stop` then stops the check's reading.
 */
export function checkedInTime<P, O>(
  check: Promise<RequestSpec>,
  context: ClientContext,
  operation: Operation<P, O>,
  options: CallOptions & { calledAt: number },
  stop: Stop,
): Promise<RequestSpec> {
  const signal = options.signal;
  const deadlineMs = options.deadline ?? context.http.settings.deadline;
  const at = options.deadlineAt ?? (deadlineMs === undefined ? undefined : options.calledAt + deadlineMs);
  if (!signal && at === undefined) return check;
  const label = `${operation.method} ${operation.template}`;
  return new Promise((resolve, reject) => {
    const deadline = new CallDeadline(at);
    const end = (error: Error) => {
      stop.aborted = true;
      stop.reason = error;
      reject(error);
    };
    const aborted = () => end(userAbort(label, signal, true));
    const late = () => {
      const what = options.deadlineAt === undefined && deadlineMs !== undefined ? `the deadline of ${deadlineMs} ms` : 'the deadline';
      end(timeoutError(label, `${what} passed while its input was checked`, 0, true));
    };
    const settle = () => {
      deadline.dispose();
      signal?.removeEventListener('abort', aborted);
      deadline.signal?.removeEventListener('abort', late);
    };
    if (signal?.aborted) aborted();
    else if (deadline.signal?.aborted) late();
    signal?.addEventListener('abort', aborted, { once: true });
    deadline.signal?.addEventListener('abort', late, { once: true });
    check.then(resolve, reject).finally(settle);
  });
}
