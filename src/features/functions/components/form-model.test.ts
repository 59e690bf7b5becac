import { describe, expect, it } from 'vitest';
import { CloudFunctionCreate, type CloudFunction } from '../../../../contracts/cloud-function.ts';
import { fieldErrors } from '../../../ui/form/contract-resolver.ts';
import {
  emptyForm,
  formFromFunction,
  parseScalar,
  ruleErrors,
  showScalar,
  toBody,
  type FunctionFormValues,
} from './form-model.ts';

/** What the form refuses: the contract's check of the body by field, and the form's own rules. */
function validateForm(values: FunctionFormValues): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [path, error] of fieldErrors(CloudFunctionCreate, toBody(values)))
    found[path] = error.keyword;
  for (const [path, rule] of Object.entries(ruleErrors(values))) if (rule) found[path] = rule;
  return found;
}

const form = (changes: Partial<FunctionFormValues>): FunctionFormValues => ({
  ...emptyForm(),
  name: 'Decoder',
  ...changes,
});

describe('parseScalar and showScalar', () => {
  it('reads numbers, booleans, null and text', () => {
    expect(parseScalar('')).toBeUndefined();
    expect(parseScalar('  ')).toBeUndefined();
    expect(parseScalar('42')).toBe(42);
    expect(parseScalar('-1.5e3')).toBe(-1500);
    expect(parseScalar('true')).toBe(true);
    expect(parseScalar('false')).toBe(false);
    expect(parseScalar('null')).toBeNull();
    expect(parseScalar('celsius')).toBe('celsius');
    expect(parseScalar('"42"')).toBe('42');
    expect(parseScalar('12abc')).toBe('12abc');
  });

  it('shows values so that reading them back gives the same value', () => {
    for (const value of [42, -0.5, true, false, null, 'celsius', '42', 'true', '"quoted"', ' x ']) {
      expect(parseScalar(showScalar(value))).toEqual(value);
    }
    expect(showScalar(undefined)).toBe('');
    expect(showScalar('42')).toBe('"42"');
  });
});

describe('validateForm', () => {
  it('accepts a new function with a name', () => {
    expect(validateForm(form({}))).toEqual({});
  });

  it('requires a name and keeps the server’s lengths', () => {
    expect(validateForm(form({ name: '  ' })).name).toBe('minLength');
    expect(validateForm(form({ name: 'x'.repeat(201) })).name).toBe('maxLength');
    expect(validateForm(form({ description: 'x'.repeat(2001) })).description).toBe('maxLength');
    // 140 000 characters fit the contract's bound, but not 256 KB once encoded.
    expect(validateForm(form({ code: 'é'.repeat(140_000) })).code).toBe('codeTooLarge');
  });

  it('checks data keys: required, pattern and unique', () => {
    const row = { name: '', type: '' as const, unit: '' };
    const errors = validateForm(
      form({
        dataKeys: [
          { ...row, key: '' },
          { ...row, key: 'count in' },
          { ...row, key: 'countIn' },
          { ...row, key: 'countIn' },
        ],
      }),
    );
    expect(errors).toEqual({
      'dataKeys.0.key': 'minLength',
      'dataKeys.1.key': 'pattern',
      'dataKeys.3.key': 'duplicate',
    });
  });

  it('checks metadata keys', () => {
    const errors = validateForm(
      form({
        metadata: [
          { key: 'unit', value: '', default: '' },
          { key: ' unit ', value: '', default: '' },
          { key: '', value: '1', default: '' },
        ],
      }),
    );
    expect(errors).toEqual({ 'metadata.1.key': 'duplicate', 'metadata.2.key': 'minLength' });
  });
});

describe('toBody and formFromFunction', () => {
  it('leaves out empty optional parts and types metadata values', () => {
    const input = toBody(
      form({
        name: ' Decoder ',
        description: ' ',
        dataKeys: [{ key: 'countIn', name: ' In ', type: '', unit: '' }],
        metadata: [{ key: 'max', value: '10', default: '' }],
      }),
    );
    expect(input).toMatchObject({
      name: 'Decoder',
      description: null,
      dataKeys: [{ key: 'countIn', name: 'In' }],
      metadata: [{ key: 'max', value: 10 }],
    });
    expect(input.metadata?.[0]).not.toHaveProperty('default');
  });

  it('edits what the server gave and saves it back unchanged', () => {
    const fn: CloudFunction = {
      id: 1,
      uuid: '00000000-0000-4000-8000-000000000001',
      name: 'Decoder',
      description: 'Counts',
      type: 'decoder',
      org: { uuid: '00000000-0000-4000-8000-000000000002', name: 'Org' },
      dataKeys: [{ key: 'countIn', name: 'In', type: 'integer', unit: 'pcs' }],
      metadata: [{ key: 'unit', value: '42', default: 0 }],
      dataType: 'average',
      codeSize: 10,
      created: '2024-01-01T00:00:00.000Z',
      modified: '2024-01-01T00:00:00.000Z',
      code: 'function main(i) { return i; }',
    };
    expect(toBody(formFromFunction(fn))).toEqual({
      name: fn.name,
      description: fn.description,
      type: fn.type,
      dataType: fn.dataType,
      code: fn.code,
      dataKeys: fn.dataKeys,
      metadata: fn.metadata,
    });
  });
});
