/**
 * From a request's method and path to the operations it can be. The path is matched whole,
 * segment by segment, against the service's own paths under `<basePath>/<service>`, an id
 * segment only by a UUID: nothing else reaches an operation, so a `..`, an encoded slash
 * (`%2F`) or a double encoding (`%252F`) names no operation and is answered 404. (The URL a
 * handler is given has had its dot segments resolved already, as every runtime's URL parser
 * does: `/opslink/../x` arrives as `/x`. Only `toNodeListener` sees a target as written, and
 * refuses one the parser would rewrite, `node-request.ts`; a runtime's own server hands on the
 * resolved URL, which an app's own checks must read too.) Nothing of the path is sent on:
 * the server's client builds its own URL from the checked input.
 */
import { isUuid } from '../internal/path.js';
import { OPERATIONS, PROXY_OPERATIONS, type ProxyOperation } from './operations.js';

export type Service = 'messaging' | 'warehouse';

/** What a path names: the service whose paths it is under (its refusals use that service's envelope), the operations it can be, the id in it. */
export interface Match {
  service: Service | undefined;
  operations: ProxyOperation[];
  id?: string;
}

/** `segments` against a service path written as its document writes it; the id segment's value, or `false`. */
function matchPath(template: string, segments: string[]): { id?: string } | false {
  const parts = template.split('/').slice(1);
  if (parts.length !== segments.length) return false;
  let id: string | undefined;
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] as string;
    if (part.startsWith('{')) {
      if (!isUuid(segment)) return false;
      id = segment;
    } else if (part !== segment) return false;
  }
  return id === undefined ? {} : { id };
}

/**
 * The operations `method` and `pathname` can be, among those of the configured `services`.
 * `basePath` is '' or starts with `/` and has no trailing slash.
 */
export function matchRoute(basePath: string, services: ReadonlySet<Service>, method: string, pathname: string): Match {
  if (!pathname.startsWith(`${basePath}/`)) return { service: undefined, operations: [] };
  const [first, ...segments] = pathname.slice(basePath.length + 1).split('/');
  const service = first === 'messaging' || first === 'warehouse' ? first : undefined;
  const match: Match = { service, operations: [] };
  if (service === undefined || !services.has(service)) return match;
  for (const name of PROXY_OPERATIONS) {
    const operation = OPERATIONS[name];
    if (operation.service !== service || operation.method !== method) continue;
    const found = matchPath(operation.path, segments);
    if (!found) continue;
    match.operations.push(name);
    if (found.id !== undefined) match.id = found.id;
  }
  return match;
}
