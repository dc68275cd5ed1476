/**
 * Both OpenAPI documents, built in memory: `npm run openapi` writes them to `openapi/`, and a
 * test compares a fresh build with the committed files.
 */
import { VERSION } from '../../src/core/version.ts';
import { messagingDocument } from './messaging.ts';
import { serialize } from './schema.ts';
import { warehouseDocument } from './warehouse.ts';

/** File name (under `openapi/`) → the document's JSON text. */
export function buildDocuments(): Record<string, string> {
  return {
    'messaging.json': serialize(messagingDocument(VERSION)),
    'warehouse.json': serialize(warehouseDocument(VERSION)),
  };
}
