import { Type } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n.ts';
import { contractResolver, fieldErrors } from './contract-resolver.ts';
import { numberOrNull, textOrNull } from './values.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Body = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 10 }),
    lat: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
    email: Type.Optional(Type.String({ format: 'email' })),
    keys: Type.Array(Type.Object({ key: Type.String({ pattern: '^[a-z]+$' }) })),
  },
  { additionalProperties: false },
);

interface Values {
  name: string;
  lat: string;
  email: string;
  keys: { key: string }[];
}

const toBody = (values: Values) => ({
  name: values.name.trim(),
  lat: numberOrNull(values.lat),
  ...(values.email.trim() ? { email: values.email.trim() } : {}),
  keys: values.keys,
});

const resolve = (values: Values, messages = {}) =>
  contractResolver<Values, typeof Body>(Body, { toBody, messages })(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

const valid: Values = { name: ' Gate ', lat: '55,7', email: '', keys: [{ key: 'count' }] };

beforeAll(() => activateLocale('en'));

describe('a form checked by its contract', () => {
  it('hands the body the contract accepts to the submit handler', async () => {
    expect(await resolve(valid)).toEqual({
      values: { name: 'Gate', lat: 55.7, keys: [{ key: 'count' }] },
      errors: {},
    });
  });

  it('names each wrong field with words a user can act on', async () => {
    const result = await resolve({ name: '', lat: '123', email: 'nope', keys: [] });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { type: 'minLength', message: 'Required' },
      lat: { type: 'maximum', message: 'At most 90' },
      email: { type: 'format', message: 'Not a valid e-mail address' },
    });
  });

  it('refuses text in a number field as not a number, not as "must be null"', async () => {
    const result = await resolve({ ...valid, lat: 'north' });
    expect(result.errors).toMatchObject({ lat: { message: 'Enter a number' } });
  });

  it('finds a wrong row of a list and takes the field’s own words for it', async () => {
    const keys = [{ key: 'ok' }, { key: 'Not OK' }];
    const general = await resolve({ ...valid, keys });
    expect(general.errors).toMatchObject({ keys: [undefined, { key: { type: 'pattern' } }] });
    const own = await resolve(
      { ...valid, keys },
      { 'keys.*.key': { pattern: { id: 'test.small-letters', message: 'Small letters only' } } },
    );
    expect(own.errors).toMatchObject({
      keys: [undefined, { key: { message: 'Small letters only' } }],
    });
  });

  it('adds the form’s own rules where the contract has nothing to say', async () => {
    const check = (values: Values) => ({
      name: values.name.trim() === 'Gate' ? 'Taken' : undefined,
      lat: 'Never shown: the contract already refuses it',
    });
    const resolveChecked = (values: Values) =>
      contractResolver<Values, typeof Body>(Body, { toBody, check })(values, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
    const result = await resolveChecked({ ...valid, lat: '123' });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { type: 'check', message: 'Taken' },
      lat: { type: 'maximum', message: 'At most 90' },
    });
    const unchecked = await resolveChecked({ ...valid, name: 'Port', lat: '1' });
    expect(unchecked.errors).toEqual({ lat: { type: 'check', message: expect.any(String) } });
  });

  it('speaks Danish when the user does', async () => {
    await activateLocale('da');
    const result = await resolve({ ...valid, name: '' });
    expect(result.errors).toMatchObject({ name: { message: 'Påkrævet' } });
    await activateLocale('en');
  });
});

describe('field errors', () => {
  it('names every wrong field of a long form, not only the first few', () => {
    const names = Array.from({ length: 12 }, (_, i) => `field${String(i)}`);
    const Long = Type.Object(
      Object.fromEntries(names.map((name) => [name, Type.String({ minLength: 1 })])),
    );
    const found = fieldErrors(Long, Object.fromEntries(names.map((name) => [name, ''])));
    expect([...found.keys()]).toEqual(names);
  });

  it('names a missing field by its own path', () => {
    const found = fieldErrors(Body, { lat: null, keys: [] });
    expect(found.get('name')?.keyword).toBe('required');
  });
});

describe('form values as a body', () => {
  it('keeps empty text as null and text that is no number as text', () => {
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' a ')).toBe('a');
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('12.5')).toBe(12.5);
    expect(numberOrNull('x1')).toBe('x1');
  });
});
