/**
 * Feeds one request into a mock's request log: what arrived (masked) when it arrives, and
 * its body, outcome and answer when the transport has answered it.
 */

import { isSecretName } from '../../internal/secret-names.js';
import { captureBody, captureKnownText, type LoggedBody } from './body-capture.js';
import { answerText } from './common.js';
import { MASK, maskHeaders, maskJson, maskPath, scrub } from './mask.js';
import type { LoggedFault, RequestLog } from './request-log.js';
import type { MockRoute } from './routes.js';

const REQUEST_BODY_LIMIT = 16 * 1024;
const RESPONSE_BODY_LIMIT = 4 * 1024;
const NONE: LoggedBody = { kind: 'none' };

function maskBody(body: LoggedBody, secrets: readonly string[]): LoggedBody {
  switch (body.kind) {
    case 'json':
      return { ...body, value: maskJson(body.value, secrets) };
    case 'text':
      return { ...body, text: scrub(body.text, secrets) };
    case 'multipart':
      return {
        ...body,
        parts: body.parts.map((part) =>
          part.value === undefined ? part : { ...part, value: isSecretName(part.name) ? MASK : scrub(part.value, secrets) },
        ),
      };
    default:
      return body;
  }
}

/** cyrb53: a fast 53-bit string hash, so the log compares requests without keeping their credentials. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Same method, path and query, credential and body: what makes two requests the same request. */
function fingerprint(request: Request, url: URL, body: LoggedBody): string {
  const credential = `${request.headers.get('authorization') ?? ''}\n${request.headers.get('x-warehouse-id') ?? ''}`;
  return hash(`${request.method} ${url.pathname}${url.search}\n${credential}\n${JSON.stringify(body)}`);
}

/** What the log keeps of an answer's body: from the text it was made from when that is known (and the request was read), else read from a clone. */
async function capturedAnswer(response: Response, requestRead: boolean): Promise<LoggedBody> {
  const contentType = response.headers.get('content-type') ?? '';
  const text = requestRead ? answerText(response) : undefined;
  const known = text === undefined ? undefined : captureKnownText(text, contentType, RESPONSE_BODY_LIMIT);
  return known ?? captureBody(response.clone().body, contentType, RESPONSE_BODY_LIMIT);
}

function outcomeOf(request: Request, response: Response | undefined): 'answered' | 'dropped' | 'aborted' {
  if (request.signal.aborted) return 'aborted';
  return response && response.type !== 'error' ? 'answered' : 'dropped';
}

export interface Recording {
  /** Records the outcome: `response` as answered (`Response.error()` for a drop), `undefined` when the handler threw. */
  finish(response: Response | undefined, fault: LoggedFault | undefined): Promise<void>;
}

/** Starts recording `request` in `log`; `undefined` when the log keeps nothing. */
export function recordRequest(
  log: RequestLog,
  request: Request,
  context: { url: URL; prefix: string; route: MockRoute | undefined; secrets: string[] },
): Recording | undefined {
  const { url, prefix, route, secrets } = context;
  const pending = log.start({
    method: request.method,
    path: maskPath(url, prefix, route?.path, secrets),
    route: route ? `${route.method} ${prefix}${route.path}` : undefined,
    headers: maskHeaders(request.headers, secrets),
  });
  if (!pending) return undefined;
  const contentType = request.headers.get('content-type') ?? '';
  // A branch of the body for the log; the handler reads the other. Read to its end in any case.
  const body = request.body ? captureBody(request.clone().body, contentType, REQUEST_BODY_LIMIT) : Promise.resolve(NONE);
  return {
    async finish(response, fault) {
      const outcome = outcomeOf(request, response);
      const answered = outcome === 'answered' ? response : undefined;
      // An answer made without reading the request (a fault, a 401) is read from a clone, as
      // before: its turns give a body held in memory the time to be read first, so a client's
      // retry of it finds the entry complete (from the text, the retry could come first).
      const responseBody = !answered ? NONE : await capturedAnswer(answered, request.bodyUsed || !request.body);
      pending.answer({
        outcome,
        status: answered ? answered.status : null,
        fault,
        response: answered && { headers: maskHeaders(answered.headers, secrets), body: maskBody(responseBody, secrets) },
      });
      const settled = body.then((raw) => pending.settle(maskBody(raw, secrets), fingerprint(request, url, raw)));
      // A body the handler read is all in the log's branch already: the entry is complete
      // when the answer goes out. An unread one (a fault, a 401) may stream on: not waited for.
      if (request.bodyUsed || !request.body) await settled;
    },
  };
}
