import type {
  CloudFunction,
  CloudFunctionInput,
  DataKey,
  DataType,
  FunctionType,
  KeyType,
  MetadataEntry,
  Scalar,
} from './queries.ts';
import { NEW_FUNCTION_TEMPLATE } from './template.ts';

/** Limits of server/schemas/cloud-function.ts and list.ts, checked before sending. */
export const limits = {
  name: 200,
  description: 2000,
  codeBytes: 256 * 1024,
  key: 64,
  keyName: 100,
  unit: 20,
  metadataKey: 100,
  metadataValue: 2000,
  rows: 200,
} as const;

const KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** The form's state: every field as the user types it. */
export interface FunctionFormValues {
  name: string;
  description: string;
  type: FunctionType;
  dataType: DataType;
  code: string;
  dataKeys: { key: string; name: string; type: KeyType | ''; unit: string }[];
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
      type: k.type ?? '',
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

export type FieldError =
  'required' | 'tooLong' | 'keyPattern' | 'duplicate' | 'codeTooLarge' | 'tooMany';

/** Errors by field path: "name", "code", "dataKeys.2.key", "metadata.0.value". */
export type FormErrors = Partial<Record<string, FieldError>>;

export function validateForm(values: FunctionFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.name.trim() === '') errors.name = 'required';
  else if (values.name.length > limits.name) errors.name = 'tooLong';
  if (values.description.length > limits.description) errors.description = 'tooLong';
  if (new TextEncoder().encode(values.code).length > limits.codeBytes) {
    errors.code = 'codeTooLarge';
  }
  if (values.dataKeys.length > limits.rows) errors.dataKeys = 'tooMany';
  if (values.metadata.length > limits.rows) errors.metadata = 'tooMany';

  const seenKeys = new Set<string>();
  values.dataKeys.forEach((row, index) => {
    const at = `dataKeys.${index}`;
    if (row.key === '') errors[`${at}.key`] = 'required';
    else if (row.key.length > limits.key) errors[`${at}.key`] = 'tooLong';
    else if (!KEY_PATTERN.test(row.key)) errors[`${at}.key`] = 'keyPattern';
    else if (seenKeys.has(row.key)) errors[`${at}.key`] = 'duplicate';
    seenKeys.add(row.key);
    if (row.name.length > limits.keyName) errors[`${at}.name`] = 'tooLong';
    if (row.unit.length > limits.unit) errors[`${at}.unit`] = 'tooLong';
  });

  const seenMeta = new Set<string>();
  values.metadata.forEach((row, index) => {
    const at = `metadata.${index}`;
    if (row.key.trim() === '') errors[`${at}.key`] = 'required';
    else if (row.key.length > limits.metadataKey) errors[`${at}.key`] = 'tooLong';
    else if (seenMeta.has(row.key.trim())) errors[`${at}.key`] = 'duplicate';
    seenMeta.add(row.key.trim());
    if (row.value.length > limits.metadataValue) errors[`${at}.value`] = 'tooLong';
    if (row.default.length > limits.metadataValue) errors[`${at}.default`] = 'tooLong';
  });
  return errors;
}

/** The body the server takes: empty optional parts left out, names trimmed. */
export function toInput(values: FunctionFormValues): CloudFunctionInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    type: values.type,
    dataType: values.dataType,
    code: values.code,
    dataKeys: values.dataKeys.map((row) => {
      const key: DataKey = { key: row.key };
      if (row.name.trim() !== '') key.name = row.name.trim();
      if (row.type !== '') key.type = row.type;
      if (row.unit.trim() !== '') key.unit = row.unit.trim();
      return key;
    }),
    metadata: values.metadata.map((row) => {
      const entry: MetadataEntry = { key: row.key.trim() };
      const value = parseScalar(row.value);
      const fallback = parseScalar(row.default);
      if (value !== undefined) entry.value = value;
      if (fallback !== undefined) entry.default = fallback;
      return entry;
    }),
  };
}
