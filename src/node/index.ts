/**
 * `opslink/node`: helpers that need Node's own modules, kept out of the SDK's entries so a
 * bundle for a browser or an edge runtime never carries them. Today: `fileJournal`.
 * @module opslink/node
 */

export type { BulkJournal } from '../core/index.js';
export { fileJournal } from './file-journal.js';
