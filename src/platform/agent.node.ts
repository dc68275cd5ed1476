/**
 * The connections of the Node transport: `node:http`/`node:https` and one keep-alive agent
 * each, made at the first request that needs them (imported statically they cost
 * `import('opslink')` about 15 ms, bench/coldstart.mjs), held to what a long-running client
 * needs, as undici (Node's fetch) holds its own:
 * - an idle socket is kept as long as the server says it keeps it (`Keep-Alive: timeout=N`),
 *   closed {@link KEEP_ALIVE_MARGIN_MS} before the server would (undici's margin), at most
 *   {@link KEEP_ALIVE_MAX_MS}; without the hint, {@link IDLE_MS} (a typical server's 5 s less
 *   a second). Node's own agent takes the hint only to shorten its fixed idle time;
 * - the most recently used socket is reused first (`lifo`), the least likely to be stale;
 * - every address of a name is tried, both families, the next after 250 ms (Node's
 *   `autoSelectFamily`), and `localhost` is the loopback of either family whatever the hosts
 *   file says (RFC 6761 §6.3, as browsers read it), so a local server on `::1` or on
 *   `127.0.0.1` alone is reached;
 * - TLS sessions are resumed (node:https's agent caches the last 100 sessions).
 */

import type { LookupAddress, LookupOptions } from 'node:dns';
import type { Agent, AgentOptions, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';

/** Without the server's hint, an idle socket is closed after this: before a typical server's 5 s. */
export const IDLE_MS = 4_000;
/** How much sooner than the server's own `Keep-Alive: timeout` an idle socket is closed (undici: 2 s). */
export const KEEP_ALIVE_MARGIN_MS = 2_000;
/** The longest a socket is kept idle, whatever the server says (undici: 10 minutes). */
export const KEEP_ALIVE_MAX_MS = 600_000;

export type Stack = { request: typeof httpRequest; agent: Agent };
type Load = (id: string) => unknown;
const load = (id: string) => (process as { getBuiltinModule?: Load }).getBuiltinModule?.(id);
const stacks: { 'http:'?: Stack | undefined; 'https:'?: Stack | undefined } = {};

/**
 * `node:http` or `node:https` with its agent, loaded at the first request that needs it.
 * `undefined` on a Node without `process.getBuiltinModule` (before 22.3): fetch sends there.
 */
export function stackFor(protocol: 'http:' | 'https:'): Stack | undefined {
  let stack = stacks[protocol];
  if (!stack) {
    const module = load(protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http') | undefined;
    if (!module) return undefined;
    const KeepAlive = keepAliveAgent(module.Agent);
    const options: AgentOptions = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' };
    stack = stacks[protocol] = { request: module.request, agent: new KeepAlive({ ...options, lookup: loopbackAware() } as AgentOptions) };
  }
  return stack;
}

/** How long a socket may stay idle after an answer that said `keepAlive` (its `Keep-Alive` header); 0: not at all. */
export function idleMsFor(keepAlive: string | string[] | undefined): number {
  const hint = /(?:^|[\s,])timeout=(\d+)/i.exec(String(keepAlive ?? ''))?.[1];
  if (hint === undefined) return IDLE_MS;
  return Math.max(0, Math.min(Number(hint) * 1000 - KEEP_ALIVE_MARGIN_MS, KEEP_ALIVE_MAX_MS));
}

/** The agent class whose idle sockets follow the server's `Keep-Alive: timeout` hint, longer or shorter than {@link IDLE_MS}. */
function keepAliveAgent(Base: typeof Agent): typeof Agent {
  return class KeepAliveAgent extends Base {
    override keepSocketAlive(socket: Socket): boolean {
      // Node's own rule first (TCP keep-alive, unref, its idle timer; a boolean, though typed void); then the server's hint, as undici follows it.
      if (!(super.keepSocketAlive(socket) as unknown as boolean)) return false;
      const answer = (socket as Socket & { _httpMessage?: { res?: { headers: Record<string, string | string[] | undefined> } } })
        ._httpMessage?.res;
      const idle = idleMsFor(answer?.headers['keep-alive']);
      if (idle === 0) return false;
      socket.setTimeout(idle);
      return true;
    }
  };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/** Both loopback addresses, for `localhost` and its subdomains: IPv4 first, the other tried 250 ms later or at once when refused. */
const LOOPBACK: LookupAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** `dns.lookup`, but `localhost` (and `*.localhost`) is always both loopback addresses, never asked of the resolver. */
function loopbackAware(): Lookup {
  const dns = load('node:dns') as typeof import('node:dns');
  return (hostname, options, callback) => {
    if (!/^(?:.+\.)?localhost\.?$/i.test(hostname)) return dns.lookup(hostname, options, callback as never);
    const addresses = options.family === 4 || options.family === 6 ? LOOPBACK.filter((a) => a.family === options.family) : LOOPBACK;
    if (options.all) callback(null, addresses);
    else callback(null, (addresses[0] as LookupAddress).address, (addresses[0] as LookupAddress).family);
  };
}
