/**
 * A request's input checked before anything is sent, with zod only when it is needed: first
 * the check generated from the operation's schema (a service's `fast-checks.generated.ts`),
 * which gives back what the schema's parse would for an input it can vouch for; else the
 * schema itself, loaded with zod by a dynamic import, which decides and words every issue as
 * before. So a page that sends only valid input never loads zod, and a refused input is a
 * rejection either way (the methods return promises). The schemas users import stay zod schemas.
 */
import type * as z from 'zod/mini';
import type { Eventually } from '../internal/eventually.js';
import { snapshot } from '../internal/snapshot.js';
import { APIConnectionError } from './errors/index.js';
import { type Checked, checkValue } from './validation.js';

/** How an operation's input is checked: its generated fast check, and its schema, loaded when the fast check cannot vouch. */
export interface InputCheck<T = unknown> {
  /** The value to send (the schema's output) for an input it can vouch for, else `undefined`. */
  fast(input: unknown): T | undefined;
  /** The schema, by a dynamic import of the module that builds it (and zod with it). */
  schema(): Promise<z.ZodMiniType>;
  /** The schema once an earlier input has loaded it. */
  loaded?: z.ZodMiniType;
}

/**
 * `input` checked: at once when the fast check vouches for it (its copy is what is sent, read
 * once, now), or by the schema (its output, or every problem it found, under `prefix`): at
 * once when an earlier input loaded it, else once it has loaded, on a copy of the input taken
 * now (`snapshot`). Either way the input is read at the call, and what the caller does to it
 * while the schema loads changes nothing.
 */
export function checkInput<T>(check: InputCheck<T>, input: unknown, prefix: (string | number)[] = []): Eventually<Checked<T>> {
  const value = check.fast(input);
  if (value !== undefined) return { ok: true, value };
  if (check.loaded) return checkValue(check.loaded, input, prefix) as Checked<T>;
  const taken = snapshot(input);
  return check.schema().then((schema) => checkValue(schema, taken, prefix) as Checked<T>);
}

/**
 * An {@link InputCheck} of `fast` and the schema `load` gives, loaded once: a bulk call's
 * items that the fast check cannot vouch for wait on the same import. An import that fails (a
 * page gone offline) is an `APIConnectionError` for the calls waiting on it, nothing sent, and
 * is forgotten: the next input that needs the schema imports it again.
 */
export function inputCheck<T>(fast: (input: unknown) => T | undefined, load: () => Promise<z.ZodMiniType>): InputCheck<T> {
  let loading: Promise<z.ZodMiniType> | undefined;
  const check: InputCheck<T> = {
    fast,
    schema: () =>
      (loading ??= load().then(
        (schema) => (check.loaded = schema),
        (cause: unknown) => {
          loading = undefined;
          throw new APIConnectionError('the schema that checks this input could not be loaded; nothing was sent', { cause });
        },
      )),
  };
  return check;
}
