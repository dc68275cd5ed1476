/**
 * Calls a user's callback (a hook, `onRateLimited`, `onProgress`) so that nothing it does can
 * break the call that reports to it: a throw, or a promise it returns that rejects (an
 * `async` callback), goes to `onError` instead of the caller or the process.
 */
export function callSafely(callback: (arg: never) => unknown, thisArg: unknown, arg: unknown, onError: (error: unknown) => void): void {
  try {
    const result: unknown = callback.call(thisArg, arg as never);
    if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
      (result as PromiseLike<unknown>).then(undefined, onError);
    }
  } catch (error) {
    onError(error);
  }
}
