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

/** Where in a value a string holds U+0000, which PostgreSQL text cannot store; null if nowhere. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}/${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '')}`;
      const found = findNul(item, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Path and query strings are text, so they are coerced to the schema's types
 * ("42" → 42). A JSON body already has its types: coercing it would quietly
 * turn a number into a string where a schema allows either, so it is not.
 * No part may carry a NUL character: it is refused with a 400 here rather
 * than failing in the database.
 */
export function useValidators(fastify: FastifyInstance): void {
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  const strictTypes = addFormats(new Ajv({ ...base, coerceTypes: false }));
  fastify.setValidatorCompiler(({ schema, httpPart }) => {
    const check = (httpPart === 'body' ? strictTypes : coercing).compile(schema);
    const validate: Validate = (data) => {
      const nul = findNul(data);
      if (nul !== null) {
        validate.errors = [
          {
            instancePath: nul,
            keyword: 'nul',
            schemaPath: '',
            params: {},
            message: 'must not contain the NUL character',
          },
        ];
        return false;
      }
      const ok = check(data);
      validate.errors = check.errors ?? null;
      return ok;
    };
    return validate;
  });
}
