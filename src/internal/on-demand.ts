/**
 * A module a call loads on demand, imported once and kept: `load()` gives it (`loaded` once it
 * has come); a failed import is forgotten, so the next call tries again (a page that was
 * offline for a moment).
 */
export interface OnDemand<M> {
  (): Promise<M>;
  readonly loaded: M | undefined;
}

export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const get = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return Object.defineProperty(get, 'loaded', { get: () => loaded }) as OnDemand<M>;
}
