/**
 * From a zod/mini schema to the expression of its generated check: calls of the parts in
 * `src/core/fast-checks.ts`, one per schema node and check, with each refinement's plain
 * function and the words of its issue (as the schema kit noted them in `plainTests`, or as
 * zod's own length checks hold them) imported from the module without zod that exports them.
 * A node this walk does not know (a schema type, a check, a closure nobody exported, words
 * that depend on the value and were not noted) is one the generated check could not mirror:
 * the walk fails and says why, for nothing is left to zod in a page.
 */
import type * as z from 'zod/mini';
import { onAnyObject, plainTests } from '../../src/core/schema-kit.ts';

/** Why a root has no generated check: a node the walk cannot turn into one. */
export class CannotVouch extends Error {}

interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  abort?: boolean;
  when?: unknown;
  path?: (string | number)[];
  error?: (issue: unknown) => unknown;
}

interface Def {
  type: string;
  abort?: boolean;
  when?: unknown;
  error?: (issue: unknown) => unknown;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  coerce?: boolean;
}

type Output = 'copy' | 'as-is';

interface SharedNode {
  expression: string;
  uses: number;
  name?: string;
}

/** Where each plain function is exported from (`src/…` path and name), by identity. */
export type ExportIndex = Map<unknown, { module: string; name: string }>;

/** Functions of the platform a check may run, written as the platform names them. */
const BUILTINS = new Map<unknown, string>([
  [Number.isInteger, 'Number.isInteger'],
  [Number.isSafeInteger, 'Number.isSafeInteger'],
]);

/** One generated file's state: the parts and plain functions it imports, and nodes shared by several checks. */
export class Emitter {
  readonly kit = new Set<string>();
  readonly imports = new Map<string, Set<string>>();
  /**
   * Nodes used by more than one check or member (a uuid, an integer range) become a builder of
   * their own, in the order they are needed: each check builds its nodes when first run, so
   * importing the file builds nothing, and a check a page does not use is dropped with what
   * only it needs.
   */
  readonly shared: { name: string; expression: string }[] = [];
  /** Every distinct node, by its expression (holding the tokens of its own nodes): the same structure is one node. */
  readonly #nodes: SharedNode[] = [];
  readonly #byExpression = new Map<string, number>();
  readonly #index: ExportIndex;

  constructor(index: ExportIndex) {
    this.#index = index;
  }

  /** A call of a part of the kit. */
  part(name: string, ...args: string[]): string {
    this.kit.add(name);
    return `${name}(${args.join(', ')})`;
  }

  /**
   * A token standing for `schema`'s check, read as `output` says (request: a copy; response: as
   * it is); {@link render} turns tokens into the expressions, or calls of shared builders.
   */
  node(schema: z.ZodMiniType, output: Output): string {
    const expression = this.#build(schema, output);
    let id = this.#byExpression.get(expression);
    if (id === undefined) {
      id = this.#nodes.push({ expression, uses: 0 }) - 1;
      this.#byExpression.set(expression, id);
    }
    return `«${id}»`;
  }

  /**
   * The roots' expressions, every token replaced: a node used once inline, a shared one (and
   * longer than a call of a builder) by a call of its builder, declared in {@link shared}.
   */
  render(roots: string[]): string[] {
    for (const root of roots) this.#count(root);
    return roots.map((root) => this.#render(root));
  }

  /** Counts the uses of every node under `text`: a node's own nodes once, however often it is used. */
  #count(text: string): void {
    for (const [, id] of text.matchAll(/«(\d+)»/g)) {
      const node = this.#nodes[Number(id)] as SharedNode;
      if (node.uses++ === 0) this.#count(node.expression);
    }
  }

  #render(text: string): string {
    return text.replace(/«(\d+)»/g, (_, id: string) => {
      const node = this.#nodes[Number(id)] as SharedNode;
      if (node.name) return `${node.name}()`;
      const expression = this.#render(node.expression);
      if (node.uses === 1 || expression.length <= 24) return expression;
      node.name = `shared${this.shared.length + 1}`;
      this.shared.push({ name: node.name, expression });
      return `${node.name}()`;
    });
  }

  #build(schema: z.ZodMiniType, output: Output): string {
    const def = schema._zod.def as unknown as Def;
    const tests = (def.checks ?? []).map((check) => this.#check(check));
    if (def.coerce) throw new CannotVouch(`a coercing ${def.type} schema`);
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
        return this.part(def.type, ...tests);
      case 'custom': {
        const { passes, message } = this.#plain(schema, 'a custom schema');
        const flags = this.#flags(def, 'a custom schema');
        return this.part('custom', passes, message, ...(flags.length || tests.length ? [flags[0] ?? '0'] : []), ...tests);
      }
      case 'unknown':
        if (tests.length) throw new CannotVouch('checks on z.unknown()');
        this.kit.add('unknown');
        return 'unknown';
      case 'optional':
      case 'nullable':
        if (tests.length) throw new CannotVouch(`checks on z.${def.type}()`);
        return this.part(def.type, this.node(def.innerType as z.ZodMiniType, output));
      case 'array':
        return this.part('array', this.node(def.element as z.ZodMiniType, output), `'${output}'`, ...tests);
      case 'object':
        return this.part('object', this.#shape(def, output), `'${objectMode(def)}'`, `'${output}'`, ...tests);
    }
    throw new CannotVouch(`a z.${def.type}() schema`);
  }

  #shape(def: Def, output: Output): string {
    const members = Object.entries(def.shape ?? {}).map(([name, member]) => {
      if (name === '__proto__') throw new CannotVouch('a member named __proto__');
      const optional = (member._zod as { optin?: string }).optin === 'optional';
      if (optional !== ((member._zod.def as unknown as Def).type === 'optional'))
        throw new CannotVouch(`member ${name}: optional but not z.optional()`);
      return `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${this.node(member, output)}`;
    });
    return `{ ${members.join(', ')} }`;
  }

  /** A check of a node: zod's own length checks, or a refinement or rule whose plain function the kit noted. */
  #check(check: NonNullable<Def['checks']>[number]): string {
    const def = check._zod.def;
    if (def.check === 'max_length') return this.part('atMost', String(def.maximum), literal(this.#fixedWords(def)));
    if (def.check === 'min_length') return this.part('atLeast', String(def.minimum), literal(this.#fixedWords(def)));
    const what = `a ${def.check} check`;
    const noted = plainTests.get(check);
    if (noted?.kind === 'problems') {
      if (def.when !== onAnyObject.when) throw new CannotVouch(`${what} whose rule runs on other values than objects`);
      return this.part('rule', this.#function(noted.fn, what), ...noted.args.map(literal));
    }
    const { passes, message } = this.#plain(check, what);
    const path = def.path?.length ? [literal(def.path)] : [];
    const flags = this.#flags(def, what);
    return this.part('refine', passes, message, ...(flags.length || path.length ? [flags[0] ?? '0'] : []), ...path);
  }

  /** zod's `abort` and `when` of a check as the kit's flags (none: the defaults, nothing written). */
  #flags(def: { abort?: boolean; when?: unknown }, what: string): string[] {
    if (def.when !== undefined && def.when !== onAnyObject.when) throw new CannotVouch(`${what} with a \`when\` of its own`);
    const flags = [def.abort ? 'ABORT' : '', def.when ? 'WHEN_OBJECT' : ''].filter(Boolean);
    for (const flag of flags) this.kit.add(flag);
    return flags.length ? [flags.join(' | ')] : [];
  }

  /** The fixed words of a zod check (`z.maxLength(n, message)`): the same whatever the value. */
  #fixedWords(def: CheckDef): string {
    const words = [undefined, 'x', 1].map((input) => def.error?.({ input }));
    if (typeof words[0] !== 'string' || words.some((w) => w !== words[0]))
      throw new CannotVouch(`a ${def.check} check without fixed words of its own`);
    return words[0];
  }

  /** The noted plain function of a custom schema or check, as a test the kit calls, and the words of its issue. */
  #plain(owner: object, what: string): { passes: string; message: string } {
    const noted = plainTests.get(owner);
    if (noted?.kind !== 'test') throw new CannotVouch(`${what} the schema kit did not note (a closure without a plain function)`);
    if (noted.message === undefined) throw new CannotVouch(`${what} whose words the schema kit did not note`);
    // A test with no arguments of the schema's is the plain function itself.
    const fn = this.#function(noted.fn, what);
    const passes = noted.args.length ? this.part('test', fn, ...noted.args.map(literal)) : fn;
    const message = typeof noted.message === 'string' ? literal(noted.message) : this.#function(noted.message, `the words of ${what}`);
    return { passes, message };
  }

  #function(fn: unknown, what: string): string {
    return BUILTINS.get(fn) ?? this.#imported(fn, what);
  }

  #imported(fn: unknown, what: string): string {
    const found = this.#index.get(fn);
    if (!found)
      throw new CannotVouch(`${what} runs ${(fn as { name?: string }).name || 'a function'}, which no module without zod exports`);
    const names = this.imports.get(found.module) ?? new Set();
    names.add(found.name);
    this.imports.set(found.module, names);
    return found.name;
  }
}

function objectMode(def: Def): 'strict' | 'loose' {
  const catchall = (def.catchall?._zod.def as unknown as Def | undefined)?.type;
  if (catchall === 'never') return 'strict';
  if (catchall === 'unknown') return 'loose';
  // A plain z.object() drops unknown members: its output is not what was given.
  throw new CannotVouch(
    catchall === undefined ? 'a z.object() that strips unknown members' : `an object whose other members are z.${catchall}()`,
  );
}

/** An argument a schema fixed, as source text: numbers, text, booleans, lists of them, patterns. */
function literal(value: unknown): string {
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new CannotVouch(`the argument ${value}`);
  if (['number', 'string', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  throw new CannotVouch(`an argument of type ${typeof value}`);
}
