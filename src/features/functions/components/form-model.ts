import {
  CODE_LIMIT_BYTES,
  type CloudFunction,
  type CloudFunctionCreate,
  type DataType,
  type FunctionType,
  type Scalar,
} from '../../../../contracts/cloud-function.ts';
import { keyTypes, type DataKeyInput, type StoredKeyType } from '../../../../contracts/list.ts';
import { NEW_FUNCTION_TEMPLATE } from './template.ts';

/** The form's state: every field as the user types it. */
export interface FunctionFormValues {
  name: string;
  description: string;
  type: FunctionType;
  dataType: DataType;
  code: string;
  dataKeys: { key: string; name: string; type: StoredKeyType | ''; unit: string }[];
  metadata: { key: string; value: string; default: string }[];
}

export const emptyForm = (): FunctionFormValues => ({
  name: '',
  description: '',
  type: 'function',
  dataType: 'timeseries',
  code: NEW_FUNCTION_TEMPLATE,
  dataKeys: [],
  metadata: [],
});

/** A stored key type as the form offers it: `int` is integer, an unknown one none. */
const formKeyType = (type: string | undefined): StoredKeyType | '' =>
  type === 'int'
    ? 'integer'
    : (keyTypes as readonly string[]).includes(type ?? '')
      ? (type as StoredKeyType)
      : '';

export function formFromFunction(fn: CloudFunction): FunctionFormValues {
  return {
    name: fn.name,
    description: fn.description ?? '',
    type: fn.type,
    dataType: fn.dataType,
    code: fn.code,
    dataKeys: fn.dataKeys.map((k) => ({
      key: k.key,
      name: k.name ?? '',
      type: formKeyType(k.type),
      unit: k.unit ?? '',
    })),
    metadata: fn.metadata.map((m) => ({
      key: m.key,
      value: showScalar(m.value),
      default: showScalar(m.default),
    })),
  };
}

/**
 * A metadata value as typed: empty is no value, true/false/null and numbers are themselves,
 * anything else is text. Quotes keep text that looks like a number: "42" is the text 42.
 */
export function parseScalar(text: string): Scalar | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1);
  }
  return text;
}

/** The text a value is edited as; the inverse of parseScalar. */
export function showScalar(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') {
    return parseScalar(value) === value || value.trim() === '' ? value : `"${value}"`;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value) ?? '';
}

/** The body the server takes: empty optional parts left out, names trimmed. */
export function toBody(values: FunctionFormValues): CloudFunctionCreate {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    type: values.type,
    dataType: values.dataType,
    code: values.code,
    dataKeys: values.dataKeys.map((row) => {
      const key: DataKeyInput = { key: row.key };
      if (row.name.trim() !== '') key.name = row.name.trim();
      if (row.type !== '') key.type = row.type;
      if (row.unit.trim() !== '') key.unit = row.unit.trim();
      return key;
    }),
    metadata: values.metadata.map((row) => {
      const entry: NonNullable<CloudFunctionCreate['metadata']>[number] = { key: row.key.trim() };
      const value = parseScalar(row.value);
      const fallback = parseScalar(row.default);
      if (value !== undefined) entry.value = value;
      if (fallback !== undefined) entry.default = fallback;
      return entry;
    }),
  };
}

/** What the contract cannot say: repeated keys, and code over the limit in bytes. */
export type RuleError = 'duplicate' | 'codeTooLarge';

/**
 * The form's rules beyond the contract (which checks each field on its own):
 * data keys and metadata keys are unique, and the code's limit is in bytes
 * (the contract bounds characters). Errors by field path, "dataKeys.3.key".
 */
export function ruleErrors(values: FunctionFormValues): Partial<Record<string, RuleError>> {
  const errors: Partial<Record<string, RuleError>> = {};
  if (new TextEncoder().encode(values.code).length > CODE_LIMIT_BYTES) {
    errors.code = 'codeTooLarge';
  }
  const seenKeys = new Set<string>();
  values.dataKeys.forEach((row, index) => {
    if (row.key !== '' && seenKeys.has(row.key)) errors[`dataKeys.${index}.key`] = 'duplicate';
    seenKeys.add(row.key);
  });
  const seenMeta = new Set<string>();
  values.metadata.forEach((row, index) => {
    const key = row.key.trim();
    if (key !== '' && seenMeta.has(key)) errors[`metadata.${index}.key`] = 'duplicate';
    seenMeta.add(key);
  });
  return errors;
}
