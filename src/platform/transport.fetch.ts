/**
 * `#transport` everywhere but Node (browsers, workers, Deno, Bun): no transport of the
 * platform's own, so every attempt goes over `fetch`.
 */
import type { PlatformTransport } from '../seams/transport.js';

export const platformTransport: PlatformTransport | undefined = undefined;
