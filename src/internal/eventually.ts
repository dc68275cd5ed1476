/**
 * A value now, or once something was loaded: what a step returns when it is usually
 * synchronous (a fast check vouched for an input, a body) but sometimes has to wait (for the
 * schema, loaded with zod). The usual path stays synchronous, with no promise made.
 */
export type Eventually<T> = T | Promise<T>;

/** `then(value)`: at once for a value, after it for a promise. */
export function andThen<T, R>(value: Eventually<T>, then: (value: T) => Eventually<R>): Eventually<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}
