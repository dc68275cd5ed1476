/**
 * `options` without the members given as `undefined`: an option given as `undefined` (as
 * `{ timeout: config.timeout }` passes it) is an option left out, so a default, the
 * environment or an earlier value fills it.
 */
export function definedMembers<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
