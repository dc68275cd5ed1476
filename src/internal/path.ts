const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a UUID in its canonical 8-4-4-4-12 hexadecimal form (any version). Refusing
 * anything else as a path id also refuses `..`, `/`, `?`, `#` and encoded tricks.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
