/** How clients and errors show themselves in `util.inspect`: no secret, ever. */
export const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/** `'[set]'` for a credential that is present, `'[not set]'` otherwise. */
export function credentialState(value: unknown): string {
  return value ? '[set]' : '[not set]';
}

/**
 * Gives instances of `target` a Node `util.inspect` view built from their `toJSON()`. Set on
 * the prototype, so the symbol never shows up in the published types.
 */
export function defineInspect(target: { prototype: { toJSON(): unknown } }, name: string): void {
  Object.defineProperty(target.prototype, inspectSymbol, {
    value(this: { toJSON(): unknown }) {
      return `${name} ${JSON.stringify(this.toJSON(), null, 2)}`;
    },
  });
}
