/**
 * `console.log(error)` prints an opslink error as Node prints its own: the stack, then the
 * members a reader needs in Node's own layout; never the headers, no member left undefined.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { APIConnectionError, APIError, OpslinkError, RequestValidationError } from '../../../src/index.js';

/** What Node prints for a plain Error with this stack and these own members. */
function asNodePrints(stack: string | undefined, members: Record<string, unknown>, cause?: unknown): string {
  const plain = new Error('x', cause === undefined ? undefined : { cause });
  plain.stack = stack;
  return inspect(Object.assign(plain, members));
}

const failure = () =>
  APIError.for({
    status: 401,
    message: 'Unauthorized.',
    errors: ['Invalid API key'],
    body: { status: 'failed', message: 'Unauthorized.', data: null, errors: ['Invalid API key'] },
    headers: new Headers({ 'x-request-id': 'req-1', 'content-type': 'application/json' }),
    method: 'GET',
    path: '/api/v1/shipments',
  });

describe('inspect of an opslink error', () => {
  it('is the stack, then the member block, laid out as Node lays out its own errors', () => {
    const error = failure();
    const { status, errors, body, method, path, requestId } = error;
    const printed = inspect(error);
    expect(printed).toBe(asNodePrints(error.stack, { status, errors, body, method, path, requestId }));
    expect(printed).toMatch(/\n {4}at [^\n]+ \{\n {2}status: 401,\n {2}errors: \[ 'Invalid API key' \],\n/);
    expect(printed).not.toMatch(/headers|content-type|"status"/);
  });

  it('leaves out members that are undefined, and prints an error without members as its stack', () => {
    const error = APIError.for({ status: 404, message: 'Not found.', body: null, headers: new Headers(), method: 'GET', path: '/x' });
    expect(inspect(error)).not.toContain('undefined');
    expect(inspect(error)).toContain('status: 404');
    const bare = new OpslinkError('plain');
    expect(inspect(bare)).toBe(bare.stack);
  });

  it('nests in an object as Node nests an error, and shows the cause', () => {
    const error = failure();
    const { status, errors, body, method, path, requestId } = error;
    const plain = Object.assign(new Error('x'), { status, errors, body, method, path, requestId });
    plain.stack = error.stack;
    expect(inspect({ error })).toBe(inspect({ error: plain }));
    const cause = new Error('socket hang up');
    const connection = new APIConnectionError('GET /x: connection failed', { cause });
    expect(inspect(connection)).toBe(asNodePrints(connection.stack, {}, cause));
    expect(inspect(connection)).toContain('[cause]: Error: socket hang up');
  });

  it('shows the issues of a validation error', () => {
    const error = new RequestValidationError([{ path: ['to', 'email'], message: 'must be an email address' }]);
    expect(inspect(error)).toBe(asNodePrints(error.stack, { issues: error.issues }));
    expect(inspect(error)).toContain("message: 'must be an email address'");
  });
});
