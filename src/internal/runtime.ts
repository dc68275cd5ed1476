/**
 * Where the SDK is running: for the `User-Agent` it sends, the browser guard on credentials,
 * and reading environment variables. Reads globals only, so it imports nothing.
 */
type Globals = {
  process?: { versions?: { node?: string; bun?: string }; env?: Record<string, string | undefined> };
  Deno?: { version?: { deno?: string }; env?: { toObject(): Record<string, string> } };
  Bun?: { version?: string };
  window?: unknown;
  document?: unknown;
  navigator?: { userAgent?: string };
};
const g = globalThis as Globals;

/**
 * True in a web page's main thread: where every visitor can read what the page holds. Not
 * in Node, Deno, Bun, workers or edge runtimes (none of them has both `window` and `document`).
 */
export function isBrowserMainThread(): boolean {
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined' && !g.Deno && !g.process?.versions?.node;
}

/**
 * The runtime and its version for a `User-Agent` (`node/24.21.0`), or `undefined` in a
 * browser, which sends its own and would turn a custom one into a CORS preflight.
 */
export function runtimeName(): string | undefined {
  if (g.Bun?.version) return `bun/${g.Bun.version}`;
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  if (isBrowserMainThread() || typeof g.document !== 'undefined') return undefined;
  const agent = g.navigator?.userAgent;
  // Workers and edge runtimes name themselves (`Cloudflare-Workers`); a browser worker says Mozilla.
  if (agent && !agent.startsWith('Mozilla/')) return agent.replace(/\s.*$/, '');
  return agent ? undefined : 'unknown';
}

/** The environment variables, where the runtime has them (Node, Bun, Deno with --allow-env); `{}` elsewhere. */
export function environment(): Record<string, string | undefined> {
  if (g.process?.env) return g.process.env;
  try {
    return g.Deno?.env?.toObject() ?? {};
  } catch {
    return {};
  }
}
