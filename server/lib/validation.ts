import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const base: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  strict: false,
};

/** How deep request JSON may nest; deeper is refused before anything walks it. */
export const MAX_JSON_DEPTH = 64;

/** A uuid as PostgreSQL reads it: no `urn:uuid:` prefix (ajv-formats allows one), either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The schema keyword that makes validation store a string in lower case (uuids). */
export const LOWERCASE = 'x-lowercase';
/**
 * The schema keyword that makes validation drop a property: a field only the
 * server sets, sent back in an update (schemas/read-only.ts). The route never sees it.
 */
export const READ_ONLY = 'x-read-only';

type Problem = Pick<ErrorObject, 'instancePath' | 'keyword' | 'message'>;

/**
 * The first thing in a value that no route can take: a string or key holding
 * U+0000, which PostgreSQL text cannot store, or nesting deeper than
 * MAX_JSON_DEPTH. The walk keeps its own stack, so no depth of JSON can
 * overflow the call stack.
 */
export function findUnstorable(value: unknown): Problem | null {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: '', depth: 0 },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { path, depth } = next;
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return nulAt(path);
      continue;
    }
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      return {
        instancePath: '',
        keyword: 'depth',
        message: `is JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      };
    }
    const entries = Array.isArray(next.value)
      ? next.value.map((item: unknown, index) => [String(index), item] as const)
      : Object.entries(next.value);
    // Pushed last to first, so the first problem in document order is the one named.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index] as readonly [string, unknown];
      if (key.includes('\u0000')) return nulAt(`${path}/${key.replaceAll('\u0000', '')}`);
      if (typeof item === 'string' || (typeof item === 'object' && item !== null)) {
        pending.push({ value: item, path: `${path}/${key}`, depth: depth + 1 });
      }
    }
  }
  return null;
}

const nulAt = (instancePath: string): Problem => ({
  instancePath,
  keyword: 'nul',
  message: 'must not contain the NUL character',
});

/**
 * Ajv with the formats, uuids as PostgreSQL takes them, and the LOWERCASE
 * keyword: a uuid is handed to routes in lower case, so comparing it with the
 * caller's own (always lower case from the database) cannot be fooled by case.
 * READ_ONLY takes a property out of the body whatever its value.
 */
function makeAjv(options: Options): Ajv {
  const ajv = addFormats(new Ajv(options));
  ajv.addFormat('uuid', UUID);
  ajv.addKeyword({
    keyword: LOWERCASE,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    validate: (enabled: boolean, data: string, _schema, context) => {
      if (enabled && context?.parentData !== undefined) {
        (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] =
          data.toLowerCase();
      }
      return true;
    },
  });
  ajv.addKeyword({
    keyword: READ_ONLY,
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    validate: (enabled: boolean, _data: unknown, _schema, context) => {
      if (enabled && context?.parentData !== undefined) {
        Reflect.deleteProperty(context.parentData as object, context.parentDataProperty);
      }
      return true;
    },
  });
  return ajv;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Path and query strings are text, so they are coerced to the schema's types
 * ("42" → 42). A JSON body already has its types: coercing it would quietly
 * turn a number into a string where a schema allows either, so it is not.
 * No part may carry a NUL character or nest deeper than MAX_JSON_DEPTH: it
 * is refused with a 400 here rather than failing in the database or
 * overflowing the stack of whatever walks it next.
 */
export function useValidators(fastify: FastifyInstance): void {
  const coercing = makeAjv({ ...base, coerceTypes: 'array' });
  const strictTypes = makeAjv({ ...base, coerceTypes: false });
  fastify.setValidatorCompiler(({ schema, httpPart }) => {
    const check = (httpPart === 'body' ? strictTypes : coercing).compile(schema);
    const validate: Validate = (data) => {
      const problem = findUnstorable(data);
      if (problem !== null) {
        validate.errors = [{ ...problem, schemaPath: '', params: {} }];
        return false;
      }
      const ok = check(data);
      validate.errors = check.errors ?? null;
      return ok;
    };
    return validate;
  });
}
