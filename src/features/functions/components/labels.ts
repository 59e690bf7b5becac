import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DataType, FunctionType } from '../../../../contracts/cloud-function.ts';
import { keyTypes, type StoredKeyType } from '../../../../contracts/list.ts';
import type { RuleError } from './form-model.ts';

export const functionTypeLabels: Record<FunctionType, MessageDescriptor> = {
  decoder: msg`Decoder`,
  external: msg`External`,
  function: msg`Function`,
  inbound: msg`Inbound`,
  outbound: msg`Outbound`,
};

export const dataTypeLabels: Record<DataType, MessageDescriptor> = {
  timeseries: msg`Time series`,
  average: msg`Average`,
};

export const keyTypeLabels: Record<StoredKeyType, MessageDescriptor> = {
  value: msg`Value`,
  integer: msg`Integer`,
  boolean: msg`Boolean`,
  string: msg`String`,
  array: msg`Array`,
};

/** A stored key type in words (`int` is integer); a type this console does not know, as it is. */
export function keyTypeLabel(type: string, i18n: I18n): string {
  const stored = type === 'int' ? 'integer' : type;
  return (keyTypes as readonly string[]).includes(stored)
    ? i18n._(keyTypeLabels[stored as StoredKeyType])
    : type;
}

/** A rule the contract cannot check, as the form says it. */
export const ruleErrorMessages: Record<RuleError, MessageDescriptor> = {
  duplicate: msg`Must be unique`,
  codeTooLarge: msg`The code may not exceed 256 KB`,
};

/** The form's words where the contract's general ones would say less. */
export const fieldMessages = {
  code: { maxLength: ruleErrorMessages.codeTooLarge },
  'dataKeys.*.key': { pattern: msg`Only letters, digits, _ . and -` },
};
