import { inspectSymbol } from '../../internal/inspect.js';

/**
 * Base class of every opslink error, so one `instanceof` check separates SDK failures from
 * bugs in the caller's own code. None carries a key, token or webhook secret: messages,
 * bodies and stacks are scrubbed before they are built.
 * @example
 * ```ts
 * try {
 *   await client.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your order shipped' });
 * } catch (e) {
 *   if (e instanceof OpslinkError) console.error(`opslink: ${e.message}`);
 *   else throw e;
 * }
 * ```
 */
export class OpslinkError extends Error {
  /** What `JSON.stringify` shows: the name, message and own data, never a request or headers. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name' && key !== 'headers' && key !== 'stack') out[key] = value;
    }
    return out;
  }
}

// `console.log(error)` prints as Node prints its own errors: the stack, then a block of the
// members a reader needs (`{ status: 401, errors: [...], … }`), laid out by Node itself. The
// view is a plain Error holding the stack, cause and data members: never the headers, and
// no member left undefined.
Object.defineProperty(OpslinkError.prototype, inspectSymbol, {
  value(this: OpslinkError) {
    const { name: _name, message: _message, ...data } = this.toJSON();
    const view = new Error(this.message, this.cause === undefined ? undefined : { cause: this.cause });
    Object.defineProperty(view, 'stack', { value: this.stack ?? `${this.name}: ${this.message}`, enumerable: false });
    for (const [key, value] of Object.entries(data)) if (value !== undefined) Object.assign(view, { [key]: value });
    return view;
  },
});

/**
 * Sets each error class's `name` on its prototype, from the keys of one object literal:
 * keys survive minification where class names do not, and a class that only narrows
 * `instanceof` then needs no body at all.
 */
export function nameErrorClasses(classes: Record<string, abstract new (...args: never[]) => Error>): void {
  for (const [name, type] of Object.entries(classes)) type.prototype.name = name;
}

nameErrorClasses({ OpslinkError });
