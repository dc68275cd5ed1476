/**
 * One request path for every method: an operation is a declaration (method, request schema,
 * the request it makes, the response parser, read or write), run by one function that checks
 * the input, sends and parses. (The warehouse lists add paging: `warehouse/pages.ts`.)
 */

import type { Stop } from '../internal/signals.js';
import { type APIPromise, apiPromise, rejectedPromise } from './api-promise.js';
import { ConfigurationError, RequestValidationError } from './errors/index.js';
import {
  type CallOptions,
  type CallSite,
  type CallTrace,
  callSiteOf,
  type HttpClient,
  type RequestSpec,
  type ResponseParser,
  traceCall,
  tracingCalls,
  withCallSite,
} from './http/index.js';
import type { Credential } from './options.js';
import type { Checked } from './validation.js';

/**
 * @internal How an operation's input is checked before anything is sent: the check generated
 * from its schema (a service's `…checks.generated.ts`), which gives the value to send or every
 * problem, under `at` (a bulk item's index). No zod, no download: a refusal is worded at once.
 */
export type InputCheck<P> = (input: unknown, at?: (string | number)[]) => Checked<P>;

/** What an operation sends, less what the declaration itself says (method, write, credential). */
export type RequestParts = Pick<RequestSpec, 'path' | 'query' | 'json' | 'body' | 'baseUrl'>;

/**
 * @internal An endpoint as a declaration. `P` is the checked input, `O` the result.
 */
export interface Operation<P, O> {
  method: RequestSpec['method'];
  /** The path as the service's document writes it, parameters named (`/api/v1/inbound/{order_id}`): what traces name. */
  template: string;
  /** A write (send, post, create, update): never repeated after a 5xx, resolved on any 2xx. */
  write: boolean;
  /** Names the input in a `RequestValidationError` ("direct message"). */
  subject: string;
  /** Checks the input before anything is sent (its generated check); without one, the input is used as given. */
  input?: InputCheck<P>;
  /** The client option holding the credential this endpoint takes. */
  credential?: string;
  /** Another option that would serve instead, named when the credential is missing (" or the webhookUrl option"). */
  alternative?: string;
  /**
   * Problems the schema cannot see (rules between members, the state of the order), or the
   * value to send: what the check read, so what is checked is what is sent.
   */
  check?(input: P, stop?: Stop): Checked<P> | Promise<Checked<P>>;
  /**
   * For a check that reads before it can say (a file): ends it at the caller's signal or the
   * call's deadline (`checkedInTime`). Declared by the operations that have one, so a client
   * whose checks all answer at once carries none of it.
   */
  inTime?(
    check: Promise<RequestSpec>,
    context: ClientContext,
    operation: Operation<P, O>,
    options: CallOptions & { calledAt: number },
    stop: Stop,
  ): Promise<RequestSpec>;
  request(input: P): RequestParts;
  parse: ResponseParser<O>;
}

/** @internal What an operation needs of the client that runs it. */
export interface ClientContext {
  http: HttpClient;
  /** Names the service in traces. */
  service: CallTrace['service'];
  /** Names the client in the message for a missing credential ("MessagingClient"). */
  name: string;
  /**
   * The credential held in `option`, with the `Authorization` scheme it is sent with; `undefined` when not set;
   * `null` for a client made by `viaProxy`, which sends none (the proxy adds the server's).
   */
  credential(option: string): { value: Credential; scheme: string } | undefined | null;
  /** Where `fromEnv` reads each credential option from, named in the message for a missing one. */
  variables?: Record<string, string>;
}

/** @internal Checks `input`, sends the request and parses its response: the body of every method. */
export function runOperation<P, O>(
  context: ClientContext,
  operation: Operation<P, O>,
  input: unknown,
  options: CallOptions | undefined,
  methodName: string,
): APIPromise<O> {
  // Taken now, while the caller's frames are on the stack (none where the runtime's async stack
  // traces carry them: every step is awaited): a failure seconds later points at its line.
  const callSite = options?.callSite ?? callSiteOf(runOperation);
  const trace = callTrace(context, operation, methodName);
  const send = () => sendOperation(context, operation, input, options, trace, callSite);
  return tracingCalls()
    ? apiPromise(
        traceCall(
          () => trace,
          () => send().withResponse(),
          // What a subscriber sees of the result is scrubbed, as every event is: a service may echo a key.
          (r) => context.http.settings.redactor.value(r.data),
        ),
      )
    : send();
}

/** @internal What traces name a call by: its service, the method's path on the client, the method and the documented path. */
export function callTrace(
  context: Pick<ClientContext, 'service'>,
  operation: Pick<Operation<never, never>, 'method' | 'template'>,
  methodName: string,
): CallTrace {
  return { service: context.service, operation: methodName, method: operation.method, urlTemplate: operation.template };
}

/**
 * @internal {@link runOperation} without a call of its own on the tracing channel: a page of a
 * list whose call spans the iteration.
 */
export function sendOperation<P, O>(
  context: ClientContext,
  operation: Operation<P, O>,
  input: unknown,
  options: CallOptions | undefined,
  trace: CallTrace,
  callSite: CallSite | undefined = options?.callSite,
): APIPromise<O> {
  try {
    // Only an operation whose check may take its time (a file read to its end) keeps the call's
    // clock and a way to stop the check: every other call pays nothing for them.
    const timing = operation.inTime && { options: { ...options, calledAt: options?.calledAt ?? Date.now() }, stop: { aborted: false } };
    const spec = specOf(context, operation, input, trace, options?.inputChecked === true, timing?.stop);
    const sent = timing?.options ?? options;
    if (!(spec instanceof Promise)) return context.http.request(spec, sent, operation.parse, callSite);
    // A check that reads before it can say: the request starts once it has passed. The call's
    // deadline runs from the call, and it and the caller's signal end the check too.
    const checked = timing && operation.inTime ? operation.inTime(spec, context, operation, timing.options, timing.stop) : spec;
    return apiPromise(
      checked.then((value) => context.http.request(value, sent, operation.parse, callSite).withResponse()),
      callSite,
    );
  } catch (error) {
    // Refused at once, deep in the SDK's frames: the stack's limit may not reach the caller's.
    return rejectedPromise(withCallSite(error, callSite));
  }
}

/** @internal The credential an operation takes, or a `ConfigurationError` naming the missing option. */
export function requireCredential(
  context: ClientContext,
  operation: Pick<Operation<never, never>, 'credential' | 'alternative'>,
  methodName: string,
) {
  const option = operation.credential;
  if (option === undefined) return undefined;
  const held = context.credential(option);
  if (held === null) return undefined;
  if (held === undefined) {
    const variable = context.variables?.[option];
    const where = variable ? ` (${context.name}.fromEnv reads it from ${variable})` : '';
    const message = `${context.name}.${methodName} needs the ${option} option${where}${operation.alternative ?? ''}; nothing was sent`;
    throw new ConfigurationError([{ path: [option], message }]);
  }
  return { option, ...held };
}

/** The request an operation makes of `input`, checked by its generated check and its rules; or the refusal, thrown. */
function specOf<P, O>(
  context: ClientContext,
  operation: Operation<P, O>,
  input: unknown,
  trace: CallTrace,
  inputChecked: boolean,
  stop: Stop | undefined,
): RequestSpec | Promise<RequestSpec> {
  const credential = requireCredential(context, operation, trace.operation);
  const refused = (checked: Checked<P>) => {
    if (!checked.ok) throw new RequestValidationError(checked.issues, operation.subject);
    return checked.value;
  };
  const spec = (value: P): RequestSpec => ({
    method: operation.method,
    write: operation.write,
    credential,
    trace,
    ...operation.request(value),
  });
  const value = operation.input && !inputChecked ? refused(operation.input(input)) : (input as P);
  const checked = operation.check ? operation.check(value, stop) : { ok: true as const, value };
  return checked instanceof Promise ? checked.then((c) => spec(refused(c))) : spec(refused(checked));
}
