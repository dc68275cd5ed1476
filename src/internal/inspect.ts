/** How clients show themselves in `console.log`, `util.inspect` and `JSON.stringify`: no secret, ever. */
export const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

/** `'[set]'` for a credential that is present, `'[not set]'` otherwise. */
export function credentialState(value: unknown): string {
  return value ? '[set]' : '[not set]';
}
