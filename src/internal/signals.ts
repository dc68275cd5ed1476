/** One signal that aborts when any of `signals` does: `AbortSignal.any` where the platform has it. */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  // AbortSignal.any takes only this realm's signals; one from a polyfill or an iframe is linked by hand.
  if (typeof AbortSignal.any === 'function' && present.every((s) => s instanceof AbortSignal)) return AbortSignal.any(present);
  const controller = new AbortController();
  for (const s of present) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}
