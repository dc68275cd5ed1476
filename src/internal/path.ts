import { RequestValidationError } from '../core/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical 8-4-4-4-12 hexadecimal form (any version). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * Checks a path id the documents promise to be a UUID and returns it ready for a URL.
 * Refusing anything else also refuses `..`, `/`, `?`, `#` and encoded tricks, so a user
 * value can never move a request to another endpoint.
 */
export function uuidSegment(field: string, value: unknown): string {
  if (!isUuid(value)) {
    throw new RequestValidationError([{ path: [field], message: `${field} must be a UUID (8-4-4-4-12 hexadecimal)` }]);
  }
  return value;
}
