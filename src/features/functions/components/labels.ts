import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldError } from '../api/form-model.ts';
import { limits } from '../api/form-model.ts';
import type { DataType, FunctionType, KeyType } from '../api/queries.ts';

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

export const keyTypeLabels: Record<KeyType, MessageDescriptor> = {
  value: msg`Value`,
  integer: msg`Integer`,
  boolean: msg`Boolean`,
  string: msg`String`,
  array: msg`Array`,
};

/** A field error as the form says it; `max` is the field's length limit. */
export function fieldErrorMessage(error: FieldError, max: number): MessageDescriptor {
  switch (error) {
    case 'required':
      return msg`Required`;
    case 'tooLong':
      return msg`At most ${max} characters`;
    case 'keyPattern':
      return msg`Only letters, digits, _ . and -`;
    case 'duplicate':
      return msg`Must be unique`;
    case 'codeTooLarge':
      return msg`The code may not exceed 256 KB`;
    case 'tooMany': {
      const rows = limits.rows;
      return msg`At most ${rows} rows`;
    }
  }
}
