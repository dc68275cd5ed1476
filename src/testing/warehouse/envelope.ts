/**
 * The warehouse envelope: `{ status, message, data, errors }` on every answer.
 */
import { VALIDATION_FAILURE_MESSAGE } from '../../warehouse/update-rules.js';
import { json } from '../kit/common.js';

export function success(message: string, data: unknown): Response {
  return json(200, { status: 'success', message, data, errors: null });
}

export function failure(status: number, message: string, errors: string[]): Response {
  return json(status, { status: 'failed', message, data: null, errors });
}

export function invalid(errors: string[]): Response {
  return failure(400, VALIDATION_FAILURE_MESSAGE, errors);
}
