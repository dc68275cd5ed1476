/**
 * One call as the HTTP client runs it: the options a call takes, and what is sent, how it is
 * reported and its limits, prepared once for all its attempts.
 */
import type { Redactor } from '../../internal/redact.js';
import { linkedSignal } from '../../internal/signals.js';
import type { FetchInit } from '../../seams/transport.js';
import { sensitiveValues } from '../config.js';
import type { RequestOptions } from '../options.js';
import { buildRequest, type RequestSpec } from './build-request.js';
import type { CallSite } from './call-site.js';
import { CallDeadline } from './deadline.js';
import type { RawResponse } from './raw-response.js';

/** Per-call options as the core takes them: a list passes its iteration's deadline instant to every page. */
export interface CallOptions extends RequestOptions {
  /** @internal */
  deadlineAt?: number | undefined;
  /** @internal When the call was made (a call that loads its code first): its `deadline` runs from then, not from the send. */
  calledAt?: number | undefined;
  /** @internal Called once a gate slot is held, before the first attempt is sent (a bulk journal's claim), given the signal that stops waiting for it; a throw ends the call unlogged. */
  beforeSend?: ((signal: AbortSignal) => Promise<void>) | undefined;
  /** @internal Where the caller made the call, captured at the method it called, once for all its requests (a bulk call's items, a list's pages). */
  callSite?: CallSite | undefined;
  /** @internal The input already passed the operation's schema and is its output (a bulk call's items): not parsed again. */
  inputChecked?: boolean | undefined;
  /** @internal Handed, once the credential is known, what scrubs a value of this call's secrets (for what a bulk journal records). */
  scrubber?: ((scrub: <V>(value: V) => V) => void) | undefined;
  /** @internal Shown every answer the call parses, before its parser reads it (opslink/proxy passes it on as the service sent it). */
  observe?: ((raw: RawResponse) => void) | undefined;
}

/** One call as it runs: what is sent, how it is reported, and its limits. */
export interface Call {
  spec: RequestSpec;
  url: string;
  /** `METHOD /path`, secrets scrubbed: what messages and log lines name. */
  label: string;
  path: string;
  init: FetchInit;
  redactor: Redactor;
  timeout: number;
  maxRetries: number;
  deadline: CallDeadline;
  deadlineMs: number | undefined;
  /** Whether the last attempt's timer was cut short by the deadline. */
  capped: boolean;
  callerSignal: AbortSignal | undefined;
  /** The caller's signal joined with the deadline's; `unlink` detaches it from both when the call ends. */
  signal: AbortSignal | undefined;
  unlink: (() => void) | undefined;
  beforeSend: CallOptions['beforeSend'];
  scrubber: CallOptions['scrubber'];
  /** The pause the last attempt's 429 set, before its slot was released. */
  limited?: Pause | undefined;
  /** What `beforeSend` threw: it ends the call as is. */
  vetoed?: unknown;
  /** Whether any attempt may have reached the service (its connection was made, or the transport cannot tell). */
  reached: boolean;
  /** The credential of attempt `n`, resolved once: a shared gate is named by it before it is sent. */
  key?: { n: number; value: Promise<string> };
}

/** A 429's pause: what the server asked, what the gate holds, and (a shared gate) when the other processes can see it. */
export type Pause = { asked: number | undefined; pause: number; written: void | Promise<void> };

/** The call for `spec`: its URL and init, its secrets, its timeout, retries and deadline, and the signal that ends it. */
export function prepareCall(
  spec: RequestSpec,
  options: CallOptions | undefined,
  settings: { redactor: Redactor; baseUrl: string; deadline?: number | undefined; timeout: number; maxRetries: number },
  headers: { client: Record<string, string>; service: Record<string, string> },
): Call {
  const redactor = settings.redactor.with(sensitiveValues(options?.headers));
  const { url, path, init } = buildRequest(
    spec,
    { baseUrl: settings.baseUrl, headers: headers.client, serviceHeaders: headers.service },
    options?.headers,
  );
  const deadlineMs = options?.deadline ?? settings.deadline;
  const deadline = new CallDeadline(
    options?.deadlineAt ?? (deadlineMs === undefined ? undefined : (options?.calledAt ?? Date.now()) + deadlineMs),
  );
  const callerSignal = options?.signal;
  const link = callerSignal && deadline.signal ? linkedSignal([callerSignal, deadline.signal]) : undefined;
  return {
    spec,
    url,
    path: redactor.text(path),
    label: redactor.text(`${spec.method} ${path}`),
    init,
    redactor,
    timeout: options?.timeout ?? settings.timeout,
    maxRetries: options?.maxRetries ?? settings.maxRetries,
    deadline,
    deadlineMs: options?.deadlineAt === undefined ? deadlineMs : undefined,
    capped: false,
    reached: false,
    callerSignal,
    signal: link?.signal ?? callerSignal ?? deadline.signal,
    unlink: link?.dispose,
    beforeSend: options?.beforeSend,
    scrubber: options?.scrubber,
  };
}
