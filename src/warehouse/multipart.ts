/**
 * The multipart bodies of `POST /api/v1/inbound`, both ways. The SDK writes them itself as a
 * `Blob` of parts (RFC 7578), with its `multipart/form-data; boundary=…` type, which every
 * runtime's fetch sends as is: text byte for byte (the platform's `FormData` would rewrite
 * each line break in a value to CRLF, as HTML forms do), and a file as a `Blob` inside it, so
 * one from `fs.openAsBlob` still streams from disk. (The `form-data` npm package is no fetch
 * body at all: Node's fetch sends it as the text "[object FormData]".) The mock decodes them
 * back with the same rules.
 */
import { BULK_FILE_NAME, formatNumber, formatOrderDate, LABEL_FILE_NAME, readNumber } from './wire-format.js';

/** One part of a multipart body: a text field, or a file with its name. */
type Part = [name: string, value: string] | [name: string, value: Blob, fileName: string];

/** A name in a part's header, escaped as the HTML form encoding does (`%22`, `%0D`, `%0A`): a quote or line break cannot end it early. */
function quoted(name: string): string {
  return `"${name.replace(/["\r\n]/g, encodeURIComponent)}"`;
}

/**
 * The parts as one `multipart/form-data` body. Its boundary is random (about 100 bits), so
 * no value holds it but by a chance too small to count; it need not be secret.
 */
function multipart(parts: Part[]): Blob {
  const boundary = `opslink-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  // Text runs are joined into one string between files: a Blob is read a part per turn of the event loop.
  const chunks: BlobPart[] = [];
  let text = '';
  for (const [name, value, file] of parts) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}`;
    if (typeof value === 'string') text += `\r\n\r\n${value}\r\n`;
    else {
      chunks.push(
        `${text}; filename=${quoted(file as string)}\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        value,
      );
      text = '\r\n';
    }
  }
  chunks.push(`${text}--${boundary}--\r\n`);
  return new Blob(chunks, { type: `multipart/form-data; boundary=${boundary}` });
}

/** How a create-form field travels, read off its schema: text, a number, repeated fields, JSON text, files. */
export type FieldKind = 'text' | 'number' | 'list' | 'json' | 'files';

/** The kind of each create-form field, derived from the create schema's shape. */
export function fieldKinds(shape: Record<string, unknown>): Record<string, FieldKind> {
  const kinds: Record<string, FieldKind> = {};
  for (const [name, schema] of Object.entries(shape)) {
    let def = (schema as { _zod: { def: { type: string; innerType?: unknown; element?: unknown } } })._zod.def;
    if (def.type === 'optional') def = (def.innerType as typeof schema as { _zod: { def: typeof def } })._zod.def;
    const element = (def.element as { _zod?: { def: { type: string } } } | undefined)?._zod?.def.type;
    kinds[name] =
      name === 'shipping_label_files'
        ? 'files'
        : def.type === 'number'
          ? 'number'
          : def.type === 'array'
            ? element === 'object'
              ? 'json'
              : 'list'
            : 'text';
  }
  return kinds;
}

function fileName(file: Blob, fallback: string): string {
  const name = (file as File).name;
  return typeof name === 'string' && name ? name : fallback;
}

/**
 * The body of a single-order create: dates as MM/DD/YYYY, numbers in plain decimal,
 * `tracking_numbers` as repeated fields, `bundle_items` as one field of JSON text, each label
 * file as its own part, text as written.
 */
export function createOrderForm(order: Record<string, unknown>, kinds: Record<string, FieldKind>): Blob {
  const parts: Part[] = [];
  for (const [field, value] of Object.entries(order)) {
    if (value === undefined) continue;
    const kind = kinds[field] ?? 'text';
    if (kind === 'files') {
      const files = Array.isArray(value) ? (value as Blob[]) : [value as Blob];
      for (const [i, file] of files.entries()) parts.push([field, file, fileName(file, `${LABEL_FILE_NAME}-${i + 1}`)]);
    } else if (kind === 'list') for (const item of value as string[]) parts.push([field, item]);
    else if (kind === 'json') parts.push([field, JSON.stringify(value)]);
    else if (field === 'date') parts.push([field, formatOrderDate(value as Date | string)]);
    else parts.push([field, typeof value === 'number' ? formatNumber(value) : String(value)]);
  }
  return multipart(parts);
}

/**
 * A create form read back into the values its schema checks: numbers where the field is a
 * number (text that is not one stays text, for the schema to refuse), repeated fields as a
 * list, JSON text parsed, files as Blobs. Fields the form does not know are kept, to be refused.
 */
export function decodeCreateForm(form: Iterable<[string, FormDataEntryValue]>, kinds: Record<string, FieldKind>): Record<string, unknown> {
  const grouped = new Map<string, FormDataEntryValue[]>();
  for (const [name, value] of form) {
    const values = grouped.get(name);
    if (values) values.push(value);
    else grouped.set(name, [value]);
  }
  // fromEntries defines own members, so a field named `__proto__` stays a field (and is refused as unknown).
  return Object.fromEntries([...grouped].map(([name, values]) => [name, decodeField(values, kinds[name] ?? 'text')]));
}

function decodeField(values: FormDataEntryValue[], kind: FieldKind): unknown {
  const first = values[0];
  if (kind === 'files') return values.length === 1 ? first : values;
  if (kind === 'list') return values;
  if (typeof first !== 'string' || values.length > 1) return values.length > 1 ? values : first;
  if (kind === 'number') return readNumber(first) ?? first;
  return kind === 'json' ? parseJson(first) : first;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The body of a bulk create: `bulk=true` and the CSV as `file`. A `Blob` (or `File`, or
 * `fs.openAsBlob`) is passed through untouched, so a large file streams from disk.
 */
export function bulkForm(csv: string | Blob): Blob {
  const file = typeof csv === 'string' ? new Blob([csv], { type: 'text/csv' }) : csv;
  return multipart([
    ['bulk', 'true'],
    ['file', file, fileName(file, BULK_FILE_NAME)],
  ]);
}
