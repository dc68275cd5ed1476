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
  /**
   * `error instanceof SomeErrorClass`, also for an error of another copy of opslink in the same
   * process (its ES module beside its CommonJS, when an app and a library it uses load it each
   * their own way): an error of any copy is an instance of the classes whose names its
   * prototypes carry (set from keys, so a minifier leaves them alone).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class `instanceof` asks of (a subclass answers for itself).
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (typeof value !== 'object' || value === null || !(OPSLINK_ERROR in value)) return false;
    // biome-ignore lint/complexity/noThisInStatic: as above.
    const name = Object.hasOwn(this.prototype, 'name') ? (this.prototype as Error).name : undefined;
    for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p))
      if (Object.hasOwn(p, 'name') && p.name === name) return true;
    return false;
  }

  /** What `JSON.stringify` shows: the name, message and own data, never a request or headers. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name' && key !== 'headers' && key !== 'stack') out[key] = value;
    }
    return out;
  }
}

/** Marks an error of any copy of opslink (the same key in every copy). */
const OPSLINK_ERROR = Symbol.for('opslink.error');
Object.defineProperty(OpslinkError.prototype, OPSLINK_ERROR, { value: true });

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
