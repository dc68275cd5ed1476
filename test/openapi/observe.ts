/**
 * Watches every exchange the service mocks answer from their own logic (their routes, not a
 * fault a test scripted) and judges it against the OpenAPI documents: the mock's answer must
 * be one the document gives, and the mock and the document must agree on the request, both
 * ways: a request the mock accepts (2xx) must be valid by the document, and one it refuses
 * with 400 must break the document, except where the document states the rule only in words
 * (the update rules, which depend on the stored order; a bulk CSV's content, a file to the
 * document). `setup.ts` puts this round every mock of the node suite.
 */
import { appendFileSync } from 'node:fs';
import { answerText } from '../../src/testing/kit/common.js';
import type { MockRoute } from '../../src/testing/kit/routes.js';
import { UPDATE_RULE_MESSAGES } from '../../src/warehouse/update-rules.js';
import { openApiDocuments, type Service, type Verdict } from './contract.ts';

/** One exchange that breaks a document, with every problem found. */
export interface Finding {
  exchange: string;
  problems: string[];
}

const pending = new Set<Promise<void>>();
let findings: Finding[] = [];
/** `operationId status` → how many exchanges were checked, in this test file. */
export const checked = new Map<string, number>();

const RULE_MESSAGES = new Set(Object.values(UPDATE_RULE_MESSAGES));

function errorsOf(body: unknown): unknown[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors : [];
}

/** Why a 400 to a request the document accepts is still right, or `undefined` when it is not. */
function statedInWords(verdict: Verdict): string | undefined {
  if (verdict.operation === 'inboundUpdate' && errorsOf(verdict.body).every((e) => RULE_MESSAGES.has(e as string))) return 'update rules';
  const bulk = (verdict.requestBody as { bulk?: unknown } | undefined)?.bulk === 'true';
  if (verdict.operation === 'inboundCreate' && bulk) return 'bulk CSV content';
  return undefined;
}

/** The problems of one exchange, judged as the module comment says. */
export function judge(verdict: Verdict, status: number): string[] {
  if (verdict.operation === undefined) return verdict.request;
  const problems = verdict.response.map((p) => `response ${p}`);
  if (status >= 200 && status < 300) problems.push(...verdict.request.map((p) => `accepted by the mock, but the document refuses: ${p}`));
  if (status === 400 && verdict.request.length === 0 && !statedInWords(verdict)) {
    problems.push(`refused by the mock (${JSON.stringify(errorsOf(verdict.body)).slice(0, 300)}), but the document accepts the request`);
  }
  return problems;
}

async function observe(service: Service, request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  const verdict = await openApiDocuments()[service].check(request, response);
  const problems = judge(verdict, response.status);
  const key = `${verdict.operation ?? '?'} ${response.status}`;
  checked.set(key, (checked.get(key) ?? 0) + 1);
  if (process.env.OPENAPI_EXCHANGE_LOG) {
    appendFileSync(
      process.env.OPENAPI_EXCHANGE_LOG,
      `${JSON.stringify({ key, request: verdict.request.length === 0, problems: problems.length })}\n`,
    );
  }
  if (problems.length)
    findings.push({ exchange: `${request.method} ${url.pathname}${url.search.slice(0, 200)} → ${response.status}`, problems });
}

/** A copy of a mock's answer to judge: made again from its text where the mock's `json` made it (the same bytes, no tee of its stream), else a clone. */
function answerCopy(response: Response): Response {
  const text = answerText(response);
  if (text === undefined) return response.clone();
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** `routes` of a service mock, each answer judged once it is given (in the background: the answer never waits). */
export function observeRoutes(service: string, routes: MockRoute[]): MockRoute[] {
  if (service !== 'messaging' && service !== 'warehouse') return routes;
  return routes.map((route) => ({
    ...route,
    handler: async (match) => {
      let copy: Request | undefined;
      try {
        copy = match.request.clone();
      } catch {
        // A body already read cannot be judged; the mock still answers.
      }
      const response = await route.handler(match);
      if (copy && response.type !== 'error') {
        const done = observe(service, copy, answerCopy(response)).catch((error: unknown) => {
          findings.push({ exchange: `${match.request.method} ${match.url.pathname}`, problems: [`could not be judged: ${String(error)}`] });
        });
        pending.add(done);
        void done.finally(() => pending.delete(done));
      }
      return response;
    },
  }));
}

/** Waits for every judgement under way; returns the findings since the last call. */
export async function settle(): Promise<Finding[]> {
  while (pending.size > 0) await Promise.all(pending);
  const found = findings;
  findings = [];
  return found;
}
