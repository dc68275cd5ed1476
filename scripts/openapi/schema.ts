/**
 * From the SDK's zod schemas to the JSON Schema of an OpenAPI 3.1 document (whose dialect is
 * JSON Schema 2020-12): zod 4's `z.toJSONSchema`, with each refinement's meaning merged from
 * `jsonSchemaHints` (the schema kit notes beside every enum, integer, uuid, URL and date
 * refinement what it stands for) and from {@link RULES} (the rules between members, which
 * live in `superRefine` functions that no JSON Schema can be read from).
 */
import * as z from 'zod/mini';
import { jsonSchemaHints } from '../../src/core/schema-kit.ts';

/** A JSON Schema, or any other JSON object of the document. */
export type Json = { [key: string]: unknown };

/** Extra JSON Schema for a zod schema the hints do not cover, keyed by the schema object. */
const RULES = new WeakMap<object, Json>();

/**
 * States in JSON Schema what a zod schema checks in code: a rule between members, or a hint
 * a refinement lost (a `.check()` on a hinted schema makes a new schema, without the hint).
 */
export function rule(schema: object, json: Json): void {
  RULES.set(schema, { ...RULES.get(schema), ...json });
}

/** The inner schema of `z.optional(inner)` (a shape's optional member). */
export function unwrapOptional(schema: unknown): object {
  const def = (schema as { _zod: { def: { type: string; innerType?: object } } })._zod.def;
  return def.type === 'optional' && def.innerType ? def.innerType : (schema as object);
}

/** Drops `undefined` members (a hint's absent bound) and turns `additionalProperties: {}` into `true`. */
function tidy(json: Json): Json {
  for (const [key, value] of Object.entries(json)) {
    if (value === undefined) delete json[key];
    else if (key === 'additionalProperties' && isEmptyObject(value)) json[key] = true;
  }
  return json;
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/**
 * The JSON Schema of `schema` as a request (`input`: what may be sent) or a response
 * (`output`: what is received). Anything zod cannot represent becomes `{}` (any) unless a
 * hint or rule says what it is; nothing is silently dropped from a hinted schema.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      Object.assign(jsonSchema, jsonSchemaHints.get(zodSchema), RULES.get(zodSchema));
      tidy(jsonSchema as Json);
    },
  }) as Json;
  delete json.$schema;
  return json;
}

/**
 * The document as JSON text: keys in the order the builders write them (fixed, so the output
 * is the same on every run), two-space indented, ending in a newline.
 */
export function serialize(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

function canonical(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Replaces, anywhere in `root` (the document's paths and components), every subschema equal
 * to one of `components` with a `$ref` to it, so a component inlined by zod (the embed inside
 * a channel message, an order inside a page) is written once and named.
 */
export function refComponents(root: Json, components: Record<string, Json>): void {
  const byText = new Map(Object.entries(components).map(([name, schema]) => [canonical(schema), name]));
  const visit = (node: unknown, owner: string | undefined): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (!Array.isArray(node)) {
      const name = byText.get(canonical(node));
      if (name !== undefined && name !== owner) return { $ref: `#/components/schemas/${name}` };
    }
    for (const [key, value] of Object.entries(node)) (node as Json)[key] = visit(value, owner);
    return node;
  };
  for (const [name, schema] of Object.entries(components))
    for (const [key, value] of Object.entries(schema)) schema[key] = visit(value, name);
  for (const [key, value] of Object.entries(root)) if (key !== 'components') root[key] = visit(value, undefined);
}

/** Puts each description first in its component (after `refComponents`, so it takes no part in the match). */
export function describe(components: Record<string, Json>, descriptions: Record<string, string>): void {
  for (const [name, description] of Object.entries(descriptions)) {
    const schema = components[name];
    if (!schema) throw new Error(`no component ${name} to describe`);
    components[name] = { description, ...schema };
  }
}
