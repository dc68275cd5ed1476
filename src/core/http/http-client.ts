/**
 * The request path both clients stand on: per call, the gate, one attempt, the retry
 * decision and the wait, until a typed result or a typed error. Each job lives in its own
 * file beside this one; this file only puts them in order and reports each step (log lines
 * and hooks, secrets scrubbed).
 */

import { followRedirects } from '#transport';
import type { Eventually } from '../../internal/eventually.js';
import type { Redactor } from '../../internal/redact.js';
import { linkedSignal, sleep, untilAborted } from '../../internal/signals.js';
import type { Gate, GateRequest } from '../../seams/store.js';
import type { AttemptResult, FetchInit, ResponseHead } from '../../seams/transport.js';
import { type APIPromise, apiPromise, type WithResponse } from '../api-promise.js';
import { checkRequestOptions, type ResolvedCommon, resolveCredential } from '../config.js';
import { type APIError, OpslinkError, RateLimitError } from '../errors/index.js';
import { attempt } from './attempt.js';
import { lowerCaseNames, type RequestSpec } from './build-request.js';
import { type Call, type CallOptions, type Pause, prepareCall } from './call.js';
import { type CallSite, callSiteOf } from './call-site.js';
import { connectionError, errorFromResponse, scrubbedCause, timeoutError, userAbort } from './error-mapping.js';
import { gateScope } from './gate-scope.js';
import { emit, scrubbed } from './hooks.js';
import type { ResponseMismatches } from './mismatches.js';
import { RawResponse, reply } from './raw-response.js';
import { refusal } from './redirects.js';
import { backoffMs, type Failure, isRetryable, parseRetryAfterMs } from './retry-policy.js';
import { requestIdOf, traceAttempt, traceRateLimitWait } from './tracing.js';

export type { CallOptions, RequestSpec };
/** Reads a 2xx answer: at once, or once a schema was loaded for a body its fast check could not vouch for. */
export type ResponseParser<T> = (raw: RawResponse) => Eventually<T>;

export interface HttpSettings extends ResolvedCommon {
  baseUrl: string;
  /** Headers every request of this client carries (e.g. `X-Warehouse-Id`), over the caller's. */
  serviceHeaders?: Record<string, string>;
  redactor: Redactor;
  gate: Gate;
  /** `opslink/<version> <runtime>`, or `undefined` where the runtime sends its own (browsers). */
  userAgent: string | undefined;
  /** How this client reports 2xx bodies that break the document (`strictResponseValidation`). */
  mismatches: ResponseMismatches;
}

type Decision = { error: Error } | { delay: number; reason: string };
export class HttpClient {
  readonly settings: HttpSettings;
  readonly #clientHeaders: Record<string, string>;
  readonly #serviceHeaders: Record<string, string>;

  constructor(settings: HttpSettings) {
    this.settings = settings;
    const agent: Record<string, string> = settings.userAgent ? { 'user-agent': settings.userAgent } : {};
    this.#clientHeaders = { accept: 'application/json', ...agent, ...lowerCaseNames(settings.headers) };
    this.#serviceHeaders = lowerCaseNames(settings.serviceHeaders);
  }

  /** Sends `spec` with retries and returns its parsed result as an {@link APIPromise}. */
  request<T>(
    spec: RequestSpec,
    options: CallOptions | undefined,
    parse: ResponseParser<T>,
    // The operations take it at the public method (a bulk or list call once, for all its
    // requests); a request made otherwise takes its own here (none where async stack traces
    // carry the caller's frames: every step is awaited).
    callSite: CallSite | undefined = options?.callSite ?? callSiteOf(HttpClient.prototype.request),
  ): APIPromise<T> {
    const observe = options?.observe;
    const read: ResponseParser<T> = observe
      ? (raw) => {
          observe(raw);
          return parse(raw);
        }
      : parse;
    return apiPromise(this.#send(spec, options, read), callSite);
  }

  async #send<T>(spec: RequestSpec, options: CallOptions | undefined, parse: ResponseParser<T>): Promise<WithResponse<T>> {
    checkRequestOptions(options);
    const call = prepareCall(spec, options, this.settings, { client: this.#clientHeaders, service: this.#serviceHeaders });
    try {
      for (let n = 1; ; n++) {
        const result = await this.#attempt(call, n);
        // Awaited only when the parser had to load a schema: its failure is this call's, as a thrown one is.
        const parsed = result.ok && result.response.ok ? this.#parse(call, result, parse) : undefined;
        if (parsed) return parsed instanceof Promise ? await parsed : parsed;
        if (tookEffect(call, result)) {
          const cut = this.#parse(call, this.#cutOff(call, result), parse);
          return cut instanceof Promise ? await cut : cut;
        }
        const decision = await this.#decide(call, n, result);
        if ('error' in decision) throw decision.error;
        await this.#wait(call, n, decision);
      }
    } catch (error) {
      if (call.vetoed !== undefined && error === call.vetoed) throw error;
      const final = this.#settle(call, error);
      this.settings.log.error?.(final instanceof Error ? final.message : String(final));
      throw final;
    } finally {
      call.deadline.dispose();
      call.unlink?.();
    }
  }

  /** Waits at the gate, adds the credential, sends once and reports the outcome. */
  async #attempt(call: Call, n: number): Promise<AttemptResult> {
    const { gate, hooks, log } = this.settings;
    const paused = gate.pausedUntil;
    const refused = paused && this.#onPause(call, n, paused);
    if (refused) throw refused;
    const release = await gate.acquire(call.signal, this.#gateRequest(call, n));
    let result: AttemptResult | undefined;
    try {
      // A claim is waited for as long as the request would be: one never granted is not sent.
      const { beforeSend } = call;
      if (beforeSend)
        await this.#inTime(call, n, 'the journal gave no claim', (signal) =>
          beforeSend(signal).catch((reason: unknown) => {
            call.vetoed = reason;
            throw reason;
          }),
        );
      const init = await this.#authorize(call, n);
      // Stopped while the claim or the key was awaited: nothing has gone out. (`aborted`, not
      // `throwIfAborted`: a signal from another realm or a polyfill may not have it.)
      if (call.signal?.aborted) throw call.signal.reason;
      const { redactor } = call;
      call.scrubber?.((value) => redactor.value(value));
      // Events are built only for a hook that is there to receive them: most clients set none.
      if (hooks.onRequest) {
        const event = {
          method: call.spec.method,
          url: call.redactor.text(call.url),
          attempt: n,
          headers: scrubbed(init.headers, call.redactor),
        };
        emit(hooks, 'onRequest', event, log);
      }
      log.debug?.(`→ ${call.label}${n > 1 ? ` (retry ${n - 1} of ${call.maxRetries})` : ''}`);
      const remaining = call.deadline.remaining();
      call.capped = remaining < call.timeout;
      const timeout = Math.min(call.timeout, remaining);
      const context = { method: call.spec.method, path: call.path, redactor: call.redactor };
      result = await traceAttempt(call, n, init, (sent) =>
        followRedirects(
          call.url,
          (url, ms) => attempt(this.settings.fetch, url, sent, ms, call.signal, this.settings.maxResponseBytes),
          timeout,
          context.method,
          (result, why, target) => refusal(result, why, target, context),
        ),
      );
      if (result.ok || result.connected !== false) call.reached = true;
      if (result.ok && (hooks.onResponse || log.info)) {
        const { status, headers } = result.response;
        const requestId = requestIdOf(headers, call.redactor);
        const durationMs = Math.round(result.durationMs);
        const url = call.redactor.text(call.url);
        emit(hooks, 'onResponse', { method: call.spec.method, url, attempt: n, status, durationMs, ...(requestId && { requestId }) }, log);
        log.info?.(`← ${status} ${call.label} in ${durationMs} ms${requestId ? ` [request ${requestId}]` : ''}`);
      }
      return result;
    } finally {
      const response = result?.ok ? result.response : undefined;
      // The pause is in place before the slot is handed on, so no waiting request slips through it.
      if (response?.status === 429) call.limited = this.#pauseFor(call, n, response.headers);
      release(response ? (response.status === 429 ? 'limited' : 'ok') : 'failed');
    }
  }

  /**
   * A pause the request meets, before the gate or while it waits there (another process's
   * 429): traced as a wait, or the error that ends the call at once (`rateLimit: 'reject'`, a
   * pause that outlasts the deadline).
   */
  #onPause(call: Call, n: number, paused: number): Error | undefined {
    if (this.settings.rateLimit === 'reject') return this.#shed(call, paused);
    if (call.deadline.at !== undefined && paused >= call.deadline.at) return this.#pastDeadline(call, n - 1, 'a rate-limit pause');
    traceRateLimitWait(call.spec.trace, paused - Date.now());
    return undefined;
  }

  /** What a shared gate hears of attempt `n`: a hash naming the credential it sends (resolved only if asked), and a pause it meets. */
  #gateRequest(call: Call, n: number): GateRequest {
    const credential = call.spec.credential;
    return {
      scope: async () =>
        credential && gateScope([this.settings.baseUrl, `${credential.option}=${await this.#credential(call, n, credential)}`]),
      onPause: (paused) => this.#onPause(call, n, paused),
    };
  }

  /** The credential attempt `n` sends: a key function is called once per attempt, bounded as the attempt is. */
  #credential(call: Call, n: number, credential: NonNullable<RequestSpec['credential']>): Promise<string> {
    if (call.key?.n !== n) {
      const pending = resolveCredential(credential.option, credential.value);
      const value =
        typeof credential.value === 'function'
          ? this.#inTime(call, n, `the ${credential.option} function gave no key`, () => pending)
          : pending;
      call.key = { n, value };
    }
    return call.key.value;
  }

  /** The init with `Authorization` for this attempt (a credential function is called each time). */
  async #authorize(call: Call, n: number): Promise<FetchInit> {
    const credential = call.spec.credential;
    if (!credential) return call.init;
    const value = await this.#credential(call, n, credential);
    call.redactor = call.redactor.with([value]);
    return { ...call.init, headers: { ...call.init.headers, authorization: `${credential.scheme} ${value}` } };
  }

  /**
   * A write answered 2xx whose body then failed to arrive: it took effect, so it resolves with
   * an empty body (its parser returns what it can) and a warning, rather than an error that
   * would invite the caller to send it again.
   */
  #cutOff(call: Call, result: AttemptResult & { ok: false; response: ResponseHead }): AttemptResult & { ok: true } {
    const why = result.failure === 'network' ? 'the connection closed' : 'the time ran out';
    this.settings.log.warn?.(
      `${result.response.status} ${call.label} took effect, but ${why} before its body arrived; it resolves without it`,
    );
    return { ok: true, response: result.response, body: undefined, isJson: true, durationMs: result.durationMs };
  }

  /**
   * A key function's answer or a journal's claim, held to what holds the request it is for:
   * the attempt's `timeout`, the call's `deadline` and the caller's `signal` (handed to `wait`,
   * so a claim granted after it gave up is handed back). One that never answers would
   * otherwise hold the call, and its place at the gate, for good.
   */
  async #inTime<T>(call: Call, n: number, what: string, wait: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timer = new AbortController();
    const why = `${what} within ${call.timeout} ms`;
    const id = setTimeout(
      () => timer.abort(timeoutError(call.label, why, n, !call.reached)),
      Math.min(call.timeout, call.deadline.remaining()),
    );
    const link = call.signal ? linkedSignal([call.signal, timer.signal]) : undefined;
    const signal = link?.signal ?? timer.signal;
    try {
      return await untilAborted(wait(signal), signal, () => {});
    } finally {
      clearTimeout(id);
      link?.dispose();
    }
  }

  /**
   * A 2xx body made typed. One that could not be decoded (an unknown `Content-Encoding`, a
   * corrupt stream) is a mismatch of the whole body: a read fails, naming the encoding; a
   * write took effect, so it resolves without its body, and says so at warn.
   */
  #parse<T>(call: Call, result: AttemptResult & { ok: true }, parse: ResponseParser<T>): Eventually<WithResponse<T>> {
    const { response, isJson, undecodable } = result;
    const raw = new RawResponse(
      {
        status: response.status,
        headers: response.headers,
        method: call.spec.method,
        path: call.path,
        body: undecodable ? undefined : result.body,
        isJson,
        write: call.spec.write,
      },
      call.redactor,
      this.settings.mismatches,
      call.url,
    );
    // Scrubbed: it quotes the server's `Content-Encoding`.
    if (undecodable) raw.mismatch([{ path: [], message: call.redactor.text(undecodable) }]);
    // A coding left undone over a body that was JSON all the same: read, and reported as any deviation.
    else if (result.unknownCoding)
      raw.deviation([{ path: [], message: `${call.redactor.text(result.unknownCoding)}: the body was read as it came (JSON)` }]);
    const unread = (error: unknown) => this.#unreadable(call, raw, error, parse);
    let data: Eventually<T>;
    try {
      data = parse(raw);
    } catch (error) {
      data = unread(error);
    }
    return data instanceof Promise
      ? data.catch(unread).then((d) => reply(d, response, call.redactor))
      : reply(data, response, call.redactor);
  }

  /**
   * A body whose reading failed otherwise than by a mismatch (a value no check foresaw, too
   * deep for the stack): a mismatch of the whole body, as for one that cannot be decoded —
   * a read rejects with `ResponseValidationError`, a write that took effect resolves without it.
   */
  #unreadable<T>(call: Call, raw: RawResponse, error: unknown, parse: ResponseParser<T>): Eventually<T> {
    if (error instanceof OpslinkError) throw error;
    const reason = call.redactor.text(error instanceof Error ? error.message : String(error));
    raw.mismatch([{ path: [], message: `could not be read (${reason})` }]);
    return parse(raw.withoutBody());
  }

  /** Retry (after how long, and why) or stop (with which error), for a failed attempt. */
  #decide(call: Call, n: number, result: AttemptResult): Decision | Promise<Decision> {
    const method = call.spec.method;
    const retriesLeft = n - 1 < call.maxRetries;
    if (!result.ok) {
      if (result.failure === 'abort') return { error: this.#settle(call, result.error, n) as Error };
      if (result.failure === 'timeout' && call.capped) return { error: this.#pastDeadline(call, n, undefined) };
      const unsent = !call.reached;
      const failure: Failure = { kind: result.failure };
      if (retriesLeft && isRetryable(method, failure)) return { delay: backoffMs(n - 1), reason: result.failure };
      return {
        error:
          result.failure === 'timeout'
            ? timeoutError(call.label, `no complete response within ${call.timeout} ms`, n, unsent)
            : connectionError(call.label, n, result.error, call.redactor, unsent),
      };
    }
    const { status, headers } = result.response;
    const error = errorFromResponse({ status, headers, body: result.body, method, path: call.path }, call.redactor);
    if (result.undecodable !== undefined)
      error.message = `HTTP ${status}: its body could not be read: ${call.redactor.text(result.undecodable)}`;
    if (status === 429) return this.#rateLimited(call, n, error, retriesLeft);
    if (retriesLeft && isRetryable(method, { kind: 'status', status })) return { delay: backoffMs(n - 1), reason: String(status) };
    return { error };
  }

  /**
   * A 429: pause the whole client for what it asks (also past `maxRetryAfter`: the others
   * wait, or are shed under `'reject'`), tell `onRateLimited`, then retry (the gate holds the
   * wait) or fail. Only the request that got a wait over `maxRetryAfter` fails at once.
   */
  async #rateLimited(call: Call, n: number, error: APIError, retriesLeft: boolean): Promise<Decision> {
    const { settings } = this;
    const { asked, pause, written } = call.limited ?? this.#pauseFor(call, n, error.headers);
    // Awaited: a shared gate's other clients must see the pause before this call's error or retry.
    await written;
    emit(settings, 'onRateLimited', { method: call.spec.method, path: call.path, retryAfter: Math.ceil(pause / 1000) }, settings.log);
    if (asked !== undefined && asked > settings.maxRetryAfter) {
      settings.log.warn?.(`${call.label}: Retry-After ${Math.ceil(asked / 1000)} s is over maxRetryAfter; the client is paused as long`);
      return { error };
    }
    if (settings.rateLimit === 'reject' || !retriesLeft) return { error };
    return { delay: 0, reason: '429' };
  }

  /** Pauses the whole client for what a 429 asks (`Retry-After`, else a backoff). */
  #pauseFor(call: Call, n: number, headers: Pick<Headers, 'get'>): Pause {
    const asked = parseRetryAfterMs(headers.get('retry-after'), Date.now());
    const pause = asked ?? backoffMs(n - 1);
    return { asked, pause, written: this.settings.gate.pause(pause, this.#gateRequest(call, n)) };
  }

  /** Waits before the next attempt, unless the deadline would pass first. */
  async #wait(call: Call, n: number, decision: { delay: number; reason: string }): Promise<void> {
    const { gate, hooks, log } = this.settings;
    const until = Math.max(Date.now() + decision.delay, gate.pausedUntil);
    const delayMs = until - Date.now();
    if (call.deadline.at !== undefined && until >= call.deadline.at) throw this.#pastDeadline(call, n, `a retry in ${delayMs} ms`);
    const url = call.redactor.text(call.url);
    emit(hooks, 'onRetry', { method: call.spec.method, url, attempt: n, delayMs, reason: decision.reason }, log);
    log.warn?.(`${decision.reason} ${call.label}: retry ${n} of ${call.maxRetries} in ${delayMs} ms`);
    if (decision.delay > 0) await sleep(decision.delay, call.signal);
  }

  /**
   * What a failure becomes once the call ends: the caller's abort, the deadline, or the error
   * itself — always an `OpslinkError`: whatever else went wrong (a defect, a value no check
   * foresaw) is one too, its cause kept, so a caller's `instanceof OpslinkError` holds.
   */
  #settle(call: Call, error: unknown, attempts = 0): unknown {
    if (error instanceof OpslinkError && !(call.callerSignal?.aborted || call.deadline.passed)) return error;
    if (call.callerSignal?.aborted) return userAbort(call.label, call.callerSignal, !call.reached);
    if (call.deadline.passed) return this.#pastDeadline(call, attempts, undefined);
    if (error instanceof OpslinkError) return error;
    const reason = call.redactor.text(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    return new OpslinkError(`${call.label} failed: ${reason}`, { cause: scrubbedCause(error, call.redactor) });
  }

  #pastDeadline(call: Call, attempts: number, waitingFor: string | undefined) {
    const deadline = call.deadlineMs === undefined ? 'the deadline' : `the deadline of ${call.deadlineMs} ms`;
    return timeoutError(
      call.label,
      waitingFor ? `${deadline} would pass during ${waitingFor}` : `${deadline} passed`,
      attempts,
      !call.reached,
    );
  }

  /** `rateLimit: 'reject'` during a pause: fail before sending, as the server would. */
  #shed(call: Call, pausedUntil: number): RateLimitError {
    const seconds = Math.ceil((pausedUntil - Date.now()) / 1000);
    return new RateLimitError({
      status: 429,
      message: `not sent: the client is paused for ${seconds} s after a 429 (rateLimit: 'reject')`,
      body: undefined,
      headers: new Headers({ 'retry-after': String(seconds) }),
      method: call.spec.method,
      path: call.path,
    });
  }
}

/** A write whose 2xx status arrived before its body failed (not by the caller's own signal): it took effect. */
function tookEffect(call: Call, result: AttemptResult): result is AttemptResult & { ok: false; response: ResponseHead } {
  return !result.ok && result.response?.ok === true && call.spec.write && !call.callerSignal?.aborted;
}
