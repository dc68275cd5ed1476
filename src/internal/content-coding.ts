/**
 * What both transports say of a body whose `Content-Encoding` could not be undone. fetch
 * (undici, browsers) and the Node transport undo the same codings; one they do not know
 * leaves the body as it came, which is read when it is JSON anyway (a stray
 * `Content-Encoding: utf-8`) and named when it is not.
 */

/** The codings fetch and the Node transport undo (`zstd` where the runtime decodes it). */
const UNDONE = /^(?:gzip|x-gzip|deflate|br|zstd|identity|)$/;

/** Why a body was not read when its `Content-Encoding` names a coding no transport undoes (its first), else `undefined`. */
export function unknownCoding(contentEncoding: string | null | undefined): string | undefined {
  const coding = contentEncoding
    ?.split(',')
    .map((c) => c.trim().toLowerCase())
    .find((c) => !UNDONE.test(c));
  return coding === undefined ? undefined : notDecoded(coding);
}

/** Why a body in `coding` was not read. */
export const notDecoded = (coding: string): string => `Content-Encoding "${coding}" is not one opslink decodes`;

/** Why a body failed to decode (a corrupt stream), naming the `Content-Encoding` it came in. */
export const decodeFailed = (contentEncoding: string, reason: string): string =>
  `Content-Encoding "${contentEncoding}" could not be decoded (${reason})`;
