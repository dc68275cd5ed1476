/**
 * The multipart bodies of `POST /api/v1/inbound`, both ways. The SDK builds them with the
 * platform's `FormData` and `Blob`, which every runtime's fetch sends as a proper multipart
 * body with its boundary (the `form-data` npm package is not a fetch body: Node's fetch sends
 * it as the text "[object FormData]"). The mock decodes them back with the same rules.
 */
import { BULK_FILE_NAME, formatNumber, formatOrderDate, LABEL_FILE_NAME, readNumber } from './wire-format.js';

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
 * The form of a single-order create: dates as MM/DD/YYYY, numbers in plain decimal,
 * `tracking_numbers` as repeated fields, `bundle_items` as one field of JSON text, each label
 * file as its own part.
 */
export function createOrderForm(order: Record<string, unknown>, kinds: Record<string, FieldKind>): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(order)) {
    if (value === undefined) continue;
    const kind = kinds[field] ?? 'text';
    if (kind === 'files') {
      const files = Array.isArray(value) ? (value as Blob[]) : [value as Blob];
      for (const [i, file] of files.entries()) form.append(field, file, fileName(file, `${LABEL_FILE_NAME}-${i + 1}`));
    } else if (kind === 'list') for (const item of value as string[]) form.append(field, item);
    else if (kind === 'json') form.append(field, JSON.stringify(value));
    else if (field === 'date') form.append(field, formatOrderDate(value as Date | string));
    else form.append(field, typeof value === 'number' ? formatNumber(value) : String(value));
  }
  return form;
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
 * The form of a bulk create: `bulk=true` and the CSV as `file`. A `Blob` (or `File`, or
 * `fs.openAsBlob`) is passed through untouched, so a large file streams from disk.
 */
export function bulkForm(csv: string | Blob): FormData {
  const form = new FormData();
  form.append('bulk', 'true');
  const file = typeof csv === 'string' ? new Blob([csv], { type: 'text/csv' }) : csv;
  form.append('file', file, fileName(file, BULK_FILE_NAME));
  return form;
}
