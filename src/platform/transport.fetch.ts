/**
 * `#transport` in Deno, Bun, workers and every runtime without a condition of its own: no
 * transport of the platform's own, so every attempt goes over `fetch`, which asks for and
 * decodes compressed answers itself (Deno, Bun and Workers ask for what their fetch
 * decodes), so no `Accept-Encoding` is added. These runtimes see redirects, which opslink
 * follows itself (`redirects.ts`), and their network errors may carry the codes of a
 * connection never made.
 */
import { neverConnected } from '../internal/unsent.js';
import type { FetchPath, PlatformTransport } from '../seams/transport.js';

export const platformTransport: PlatformTransport | undefined = undefined;
export const fetchPath: FetchPath | undefined = { neverConnected };
export { followRedirects } from './redirects.js';
