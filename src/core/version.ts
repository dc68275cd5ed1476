/**
 * The package's version, sent in the `User-Agent` (a test holds it equal to package.json's).
 * @example
 * ```ts
 * console.log(`opslink ${VERSION}`);
 * ```
 */
export const VERSION = '0.4.0';
