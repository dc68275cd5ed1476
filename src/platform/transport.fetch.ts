/**
 * `#transport` everywhere but Node (browsers, workers, Deno, Bun): no transport of the
 * platform's own, so every attempt goes over `fetch`, which asks for and decodes compressed
 * answers itself (a browser forbids the `Accept-Encoding` header; Deno, Bun and Workers ask
 * for what their fetch decodes), so nothing is added to the fetch path either.
 */
import type { FetchPath, PlatformTransport } from '../seams/transport.js';

export const platformTransport: PlatformTransport | undefined = undefined;
export const fetchPath: FetchPath | undefined = undefined;
