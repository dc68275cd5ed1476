/**
 * Checks an HTTP exchange (a fetch `Request` and its `Response`) against the OpenAPI
 * documents in `openapi/`, as an independent OpenAPI validator would: the operation found by
 * method and path template, its path, query and header parameters, its security, its request
 * body by media type, and the response by status, media type and headers, every schema run
 * by Ajv (JSON Schema 2020-12, formats asserted). Nothing here reads the SDK's code: a form
 * is decoded by what the document says of each field (its type, its `encoding`), so a wire
 * format that parted from the document would fail here.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;
export type Service = 'messaging' | 'warehouse';

// ajv-formats is CommonJS: its default export is the plugin, typed as the module.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** What the document says of one exchange: the operation, and every way the request and the response break it. */
export interface Verdict {
  /** `operationId`, or `undefined` when no path of the document matches. */
  operation: string | undefined;
  /** The status as the document names it (`200`, `2XX`, `default`), `undefined` when it lists none. */
  status: string | undefined;
  request: string[];
  response: string[];
  /** The response body, parsed when it is JSON. */
  body: unknown;
  /** The request body as checked: parsed JSON, or a form decoded as the document describes it. */
  requestBody?: unknown;
}

interface Operation {
  id: string;
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  spec: Json;
  /** Path-item and operation parameters, resolved, each with the pointer of its schema. */
  parameters: { spec: Json; schema: string }[];
  pointer: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** A number as text in a query or a form: plain decimal notation, as the documents state. */
const NUMBER = /^-?\d+(\.\d+)?$/;

export function loadDocument(service: Service): Json {
  return JSON.parse(readFileSync(new URL(`../../openapi/${service}.json`, import.meta.url), 'utf8')) as Json;
}

const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function describeErrors(validate: ValidateFunction, where: string): string[] {
  return (validate.errors ?? []).map((e) => {
    const params = Object.entries(e.params).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    return `${where}${e.instancePath}: ${e.message ?? e.keyword}${params.length ? ` (${params.join(', ')})` : ''}`;
  });
}

/** One service's document, compiled: its operations and lazily compiled schemas. */
export class OpenApiDocument {
  readonly document: Json;
  readonly #ajv: Ajv2020;
  readonly #key: string;
  readonly #operations: Operation[] = [];
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(service: Service, document: Json = loadDocument(service)) {
    this.document = document;
    this.#key = `${service}.json`;
    // The document itself is not checked against JSON Schema's meta-schema here: documents.test.ts
    // proves it sound, once. Here, in every test file that talks to a mock, that check cost
    // about 0.1 s of CPU a file (a compile of the meta-schema), ~15 s over the suite.
    this.#ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, validateSchema: false });
    addFormats(this.#ajv);
    // OpenAPI's own formats: annotations only (a file part, a secret to hide in a UI).
    this.#ajv.addFormat('binary', true);
    this.#ajv.addFormat('password', true);
    this.#ajv.addSchema(document, this.#key);
    for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)');
      for (const method of METHODS) {
        const spec = item[method] as Json | undefined;
        if (!spec) continue;
        const pointer = `#/paths/${escapePointer(template)}/${method}`;
        const parameters = [
          ...((item.parameters as Json[] | undefined) ?? []).map((raw, i) =>
            this.#parameter(raw, `#/paths/${escapePointer(template)}/parameters/${i}`),
          ),
          ...((spec.parameters as Json[] | undefined) ?? []).map((raw, i) => this.#parameter(raw, `${pointer}/parameters/${i}`)),
        ];
        this.#operations.push({
          id: spec.operationId as string,
          method: method.toUpperCase(),
          template,
          // Suffix match: a base URL may carry its own path prefix.
          pattern: new RegExp(`${source}/?$`),
          names,
          spec,
          parameters,
          pointer,
        });
      }
    }
  }

  #parameter(raw: Json, pointer: string): { spec: Json; schema: string } {
    return { spec: this.resolve(raw), schema: `${typeof raw.$ref === 'string' ? raw.$ref : pointer}/schema` };
  }

  get operations(): readonly { id: string; method: string; template: string; statuses: string[] }[] {
    return this.#operations.map((op) => ({
      id: op.id,
      method: op.method,
      template: op.template,
      statuses: Object.keys(op.spec.responses as Json),
    }));
  }

  /** An object of the document, its `$ref` followed. */
  resolve<T = Json>(node: unknown): T {
    let current = node as Json;
    while (typeof current?.$ref === 'string') current = this.at(current.$ref);
    return current as T;
  }

  at<T = Json>(pointer: string): T {
    const keys = pointer
      .replace(/^#\//, '')
      .split('/')
      .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    return keys.reduce<unknown>((node, key) => (node as Json)[key], this.document) as T;
  }

  /** The Ajv validator of the schema at `pointer` (a JSON pointer into the document). */
  validator(pointer: string): ValidateFunction {
    let validate = this.#compiled.get(pointer);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `${this.#key}${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    return validate;
  }

  #check(pointer: string, value: unknown, where: string): string[] {
    const validate = this.validator(pointer);
    return validate(value) ? [] : describeErrors(validate, where);
  }

  /** The operation answering `method` on `pathname`, with its decoded path parameters. */
  match(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | undefined {
    for (const operation of this.#operations) {
      const found = operation.method === method ? operation.pattern.exec(pathname) : null;
      if (!found) continue;
      const params: Record<string, string> = {};
      operation.names.forEach((name, i) => {
        params[name] = decodeURIComponent(found[i + 1]!);
      });
      return { operation, params };
    }
    return undefined;
  }

  /** Every way `request` breaks the document (its body read from a clone). */
  async checkRequest(
    request: Request,
    found: { operation: Operation; params: Record<string, string> },
  ): Promise<{ problems: string[]; body?: unknown }> {
    const { operation, params } = found;
    const url = new URL(request.url);
    const problems: string[] = [];
    for (const { spec: parameter, schema } of operation.parameters) {
      const name = parameter.name as string;
      const where = `${parameter.in} ${name}`;
      let value: unknown;
      if (parameter.in === 'path') value = params[name];
      else if (parameter.in === 'header') value = request.headers.get(name) ?? undefined;
      else if (parameter.in === 'query') value = this.#queryValue(url.searchParams, name, parameter.schema as Json);
      if (value === undefined) {
        if (parameter.required) problems.push(`${where}: is required`);
        continue;
      }
      problems.push(...this.#check(schema, value, where));
    }
    const known = new Set(operation.parameters.filter((p) => p.spec.in === 'query').map((p) => p.spec.name as string));
    for (const name of new Set(url.searchParams.keys()))
      if (!known.has(name)) problems.push(`query ${name}: not a parameter of ${operation.id}`);
    problems.push(...this.#checkSecurity(operation, request.headers));
    const body = await this.#checkBody(operation, request);
    problems.push(...body.problems);
    return { problems, body: body.value };
  }

  /** A query parameter read as the document says: an array from repeated keys (form, explode), numbers from text. */
  #queryValue(query: URLSearchParams, name: string, schema: Json): unknown {
    const values = query.getAll(name);
    if (values.length === 0) return undefined;
    if (schema.type === 'array') return values.map((v) => coerce(v, (schema.items as Json | undefined)?.type));
    return values.length > 1 ? values : coerce(values[0]!, schema.type);
  }

  #checkSecurity(operation: Operation, headers: Headers): string[] {
    const requirements = (operation.spec.security ?? this.document.security ?? []) as Json[];
    if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) return [];
    const schemes = (this.document.components as Json).securitySchemes as Record<string, Json>;
    const unmet = requirements.map((requirement) =>
      Object.keys(requirement).flatMap((name) => {
        const scheme = schemes[name]!;
        if (scheme.type === 'http' && scheme.scheme === 'bearer')
          return /^bearer +\S+$/i.test(headers.get('authorization') ?? '') ? [] : [`${name}: no Authorization: Bearer <key>`];
        if (scheme.type === 'apiKey' && scheme.in === 'header')
          return headers.get(scheme.name as string) ? [] : [`${name}: no ${scheme.name} header`];
        return [`${name}: scheme ${String(scheme.type)} not checked here`];
      }),
    );
    return unmet.some((problems) => problems.length === 0) ? [] : unmet.flat().map((p) => `security ${p}`);
  }

  async #checkBody(operation: Operation, request: Request): Promise<{ problems: string[]; value?: unknown }> {
    const body = operation.spec.requestBody ? this.resolve(operation.spec.requestBody) : undefined;
    const copy = request.body ? request.clone() : undefined;
    if (!body) return { problems: copy ? ['body: this operation takes no body'] : [] };
    if (!copy) return { problems: body.required ? ['body: is required'] : [] };
    const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const content = body.content as Record<string, Json>;
    if (!content[mediaType]) return { problems: [`body: media type "${mediaType}" is not one of ${Object.keys(content).join(', ')}`] };
    const pointer = `${operation.pointer}/requestBody/content/${escapePointer(mediaType)}/schema`;
    let value: unknown;
    if (mediaType === 'application/json') {
      const parsed = parseJson(await copy.text());
      if (!parsed.ok) return { problems: ['body: not JSON'] };
      value = parsed.value;
    } else if (mediaType === 'multipart/form-data') {
      try {
        value = this.decodeForm(await copy.formData(), content[mediaType]!);
      } catch {
        return { problems: ['body: not a multipart/form-data body'] };
      }
    } else return { problems: [`body: no check for ${mediaType}`] };
    return { problems: this.#check(pointer, value, 'body'), value };
  }

  /**
   * A multipart form as the document describes it: a field whose schema is an array collects
   * every part of that name; a field whose `encoding` is application/json is parsed; numbers
   * and integers are read from their text; a file part stands as its file name.
   */
  decodeForm(form: FormData, media: Json): Json {
    const encoding = (media.encoding ?? {}) as Record<string, Json>;
    const properties = this.#formProperties(this.resolve(media.schema));
    const grouped = new Map<string, FormDataEntryValue[]>();
    for (const [name, value] of form.entries()) {
      const values = grouped.get(name);
      if (values) values.push(value);
      else grouped.set(name, [value]);
    }
    const decoded: Json = {};
    for (const [name, values] of grouped) {
      const schema = properties[name];
      const json = encoding[name]?.contentType === 'application/json';
      const one = (value: FormDataEntryValue, type: unknown): unknown => {
        if (typeof value !== 'string') return value.name;
        if (json) {
          const parsed = parseJson(value);
          return parsed.ok ? parsed.value : value;
        }
        return coerce(value, type);
      };
      if (schema?.type === 'array' && !json)
        decoded[name] = values.map((v) => one(v, (this.resolve(schema.items) as Json | undefined)?.type));
      else decoded[name] = values.length > 1 ? values.map((v) => one(v, schema?.type)) : one(values[0]!, schema?.type);
    }
    return decoded;
  }

  /** The properties a form schema names, across `oneOf`/`anyOf` branches. */
  #formProperties(schema: Json): Record<string, Json> {
    const branches = [schema, ...((schema.oneOf as Json[]) ?? []), ...((schema.anyOf as Json[]) ?? [])].map((s) => this.resolve(s));
    return Object.assign({}, ...branches.map((s) => s.properties ?? {})) as Record<string, Json>;
  }

  /** Every way `response` breaks the document's answer to `operation` (its body read from a clone). */
  async checkResponse(
    response: Response,
    operation: Operation,
  ): Promise<{ status: string | undefined; problems: string[]; body: unknown }> {
    const text = await response.clone().text();
    const parsed = parseJson(text);
    const body = parsed.ok ? parsed.value : text;
    const responses = operation.spec.responses as Record<string, Json>;
    const code = String(response.status);
    const status = [code, `${code[0]}XX`, 'default'].find((key) => key in responses);
    if (!status)
      return {
        status,
        body,
        problems: [`status ${code}: not a documented answer of ${operation.id} (${Object.keys(responses).join(', ')})`],
      };
    const raw = responses[status]!;
    const spec = this.resolve(raw);
    const base = typeof raw.$ref === 'string' ? raw.$ref : `${operation.pointer}/responses/${status}`;
    const problems: string[] = [];
    for (const [name, header] of Object.entries((spec.headers ?? {}) as Record<string, Json>)) {
      const value = response.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name}: is required`);
      } else problems.push(...this.#check(`${base}/headers/${escapePointer(name)}/schema`, value, `header ${name}`));
    }
    const content = spec.content as Record<string, Json> | undefined;
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!content) {
      if (text) problems.push('body: this answer has no body');
    } else if (!content[mediaType]) problems.push(`body: media type "${mediaType}" is not one of ${Object.keys(content).join(', ')}`);
    else if (!parsed.ok) problems.push('body: not JSON');
    else problems.push(...this.#check(`${base}/content/${escapePointer(mediaType)}/schema`, parsed.value, 'body'));
    return { status, problems, body };
  }

  /** The whole verdict on one exchange. */
  async check(request: Request, response: Response): Promise<Verdict> {
    const found = this.match(request.method, new URL(request.url).pathname);
    if (!found)
      return {
        operation: undefined,
        status: undefined,
        request: [`no operation ${request.method} ${new URL(request.url).pathname}`],
        response: [],
        body: undefined,
      };
    const [asked, answer] = await Promise.all([this.checkRequest(request, found), this.checkResponse(response, found.operation)]);
    return {
      operation: found.operation.id,
      status: answer.status,
      request: asked.problems,
      requestBody: asked.body,
      response: answer.problems,
      body: answer.body,
    };
  }
}

function coerce(text: string, type: unknown): unknown {
  const types = Array.isArray(type) ? type : [type];
  if ((types.includes('integer') || types.includes('number')) && NUMBER.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

let documents: Record<Service, OpenApiDocument> | undefined;

/** Both documents, compiled once per test file. */
export function openApiDocuments(): Record<Service, OpenApiDocument> {
  documents ??= { messaging: new OpenApiDocument('messaging'), warehouse: new OpenApiDocument('warehouse') };
  return documents;
}
