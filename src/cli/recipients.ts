/**
 * The recipients of `opslink dm --to-file FILE`: one a line, or a CSV with an `email`,
 * `phoneNumber` or `userId` column. Every line is read and checked before anything is sent,
 * each problem named by its line; a recipient listed twice is messaged once.
 *
 * A plain line's kind is read off its shape, then checked with the direct message's own
 * schema (the rules of `to`): a UUID is a user id, text with an `@` an email, `+` or a digit
 * then digits, spaces, `-`, `.`, `(` and `)` a phone number (sent exactly as written, since
 * the service compares it with the number on file as is). Anything else is a bad line, never
 * a guess. A file is a CSV when its first line has one of the three column names; each row
 * then fills exactly one of those columns (other columns are ignored).
 */
import { createReadStream } from 'node:fs';
import { checkValue } from '../core/validation.js';
import type { Recipient } from '../index.js';
import { directMessageSchema } from '../schemas.js';
import { parseCsv } from '../warehouse/csv-check.js';
import { decodeChunks, EncodingProblem } from './decode.js';
import { InputError } from './errors.js';
import { quoted } from './io.js';

/** The members of `to`, as a CSV header names its columns. */
export const RECIPIENT_COLUMNS = ['email', 'phoneNumber', 'userId'] as const;
type Kind = (typeof RECIPIENT_COLUMNS)[number];

export interface ListedRecipient {
  /** The line of the file (a CSV's header is line 1). */
  line: number;
  /** As written in the file (trimmed). */
  text: string;
  to: Recipient;
}

export interface ReadRecipients {
  recipients: ListedRecipient[];
  /** Lines naming a recipient an earlier line names: `line` repeats `first`. */
  repeats: { line: number; first: number }[];
  problems: string[];
  /** What the file's problems and repeats are counted in: a CSV's rows, a plain file's lines. */
  unit: 'row' | 'line';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ().-]*$/;

/** What a plain line names, read off its shape; `undefined` when it is none of the three. */
export function kindOf(text: string): Kind | undefined {
  if (UUID.test(text)) return 'userId';
  if (text.includes('@')) return EMAIL.test(text) ? 'email' : undefined;
  return PHONE.test(text) ? 'phoneNumber' : undefined;
}

/**
 * Who a recipient is, as the journal names it: emails match case-insensitively and UUIDs are
 * case-blind, so both are lower-cased; a phone number is compared exactly, so it stays.
 */
export function identityOf(to: Recipient): string {
  if (to.email !== undefined) return `email:${to.email.toLowerCase()}`;
  if (to.userId !== undefined) return `userId:${to.userId.toLowerCase()}`;
  return `phoneNumber:${to.phoneNumber}`;
}

const toOf = (kind: Kind, text: string) => ({ [kind]: text }) as unknown as Recipient;

/** The text of the file at `path`, UTF-8 (a byte order mark dropped) or in `encoding`. */
async function textOf(path: string, encoding: string): Promise<string> {
  let text = '';
  try {
    for await (const chunk of decodeChunks(createReadStream(path), encoding, () => {})) text += chunk;
  } catch (error) {
    if (error instanceof EncodingProblem) throw new InputError(`${path} ${error.message}`);
    throw new InputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return text;
}

/** The rows of `text` as `[line, fields]`: a CSV's records, or a plain file's lines as one field each. */
function rowsOf(text: string): { csv: Kind[] | undefined; header: string[]; rows: [number, string[]][]; problem?: string } {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const head = parseCsv(`${firstLine}\n`);
  const names = 'error' in head ? [] : (head.records[0]?.fields ?? []).map((f) => f.trim());
  const columns = RECIPIENT_COLUMNS.filter((c) => names.includes(c));
  if (columns.length === 0) {
    const rows = text.split(/\r\n|\n|\r/).map((line, i): [number, string[]] => [i + 1, [line]]);
    return { csv: undefined, header: [], rows };
  }
  const parsed = parseCsv(text);
  if ('error' in parsed) return { csv: columns, header: names, rows: [], problem: parsed.error.replace(/^Row (\d+)/, 'row $1') };
  return { csv: columns, header: names, rows: parsed.records.slice(1).map((r): [number, string[]] => [r.row, r.fields]) };
}

/** The recipient a row names, or its problem. */
function recipientOf(fields: string[], header: string[], csv: Kind[] | undefined): { to?: Recipient; text: string; problem?: string } {
  if (!csv) {
    const text = fields[0]!.trim();
    const kind = kindOf(text);
    if (!kind)
      return {
        text,
        problem: `${quoted(text)} is not an email, a phone number (+, digits, spaces, -, ., parentheses) or a user id (a UUID)`,
      };
    return { text, to: toOf(kind, text) };
  }
  if (fields.length !== header.length) return { text: '', problem: `has ${fields.length} fields; the header has ${header.length}` };
  const filled = csv.filter((c) => fields[header.indexOf(c)]!.trim() !== '');
  if (filled.length !== 1)
    return {
      text: '',
      problem: `must fill exactly one of the columns ${csv.join(', ')}${filled.length ? ` (fills ${filled.join(', ')})` : ''}`,
    };
  const kind = filled[0]!;
  const text = fields[header.indexOf(kind)]!.trim();
  return { text, to: toOf(kind, text) };
}

/** Reads and checks every recipient of `path` with the message `body`; nothing is sent here. */
export async function readRecipients(path: string, body: string, encoding: string): Promise<ReadRecipients> {
  const { csv, header, rows, problem } = rowsOf(await textOf(path, encoding));
  const word = csv ? 'row' : 'line';
  const result: ReadRecipients = { recipients: [], repeats: [], problems: problem ? [problem] : [], unit: word };
  const seen = new Map<string, number>();
  for (const [line, fields] of rows) {
    if (fields.every((f) => f.trim() === '')) continue; // a blank line
    const found = recipientOf(fields, header, csv);
    const checked = found.to && checkValue(directMessageSchema, { to: found.to, body });
    const issues = checked && !checked.ok ? checked.issues.filter((i) => i.path[0] === 'to') : [];
    if (found.problem || issues.length) {
      result.problems.push(`${word} ${line}: ${found.problem ?? `${quoted(found.text)} ${issues.map((i) => i.message).join('; ')}`}`);
      continue;
    }
    const identity = identityOf(found.to!);
    const first = seen.get(identity);
    if (first !== undefined) result.repeats.push({ line, first });
    else {
      seen.set(identity, line);
      result.recipients.push({ line, text: found.text, to: found.to! });
    }
  }
  if (result.problems.length === 0 && result.recipients.length === 0) result.problems.push(`${path} names no recipient`);
  return result;
}
