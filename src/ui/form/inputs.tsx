import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';
import { CheckField, SelectField, TextAreaField } from './fields.tsx';
import type { ChoiceOption } from './typed-options.tsx';
import { PasswordField, TextField, type TextFieldProps } from './text-field.tsx';

/**
 * The kit's fields bound to a form (use-contract-form.ts): each shows its value,
 * reports changes and leaving, and shows the contract's message for it.
 */
interface Bound<V extends FieldValues, N extends FieldPath<V>, T> {
  control: Control<V, unknown, T>;
  name: N;
  label: string;
  help?: ReactNode;
}

type InputProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'label' | 'error'
> & {
  /** Marks the field wrong with no text of its own (a refused sign-in names no field). */
  invalid?: boolean;
};

function useBound<V extends FieldValues, N extends FieldPath<V>, T>(
  control: Control<V, unknown, T>,
  name: N,
) {
  const { field, fieldState } = useController<V, N, T>({ control, name });
  const { ref: focus, ...bound } = field;
  return { field: bound, focus, error: fieldState.error?.message };
}

/** A text field holding a string (numbers too: values.ts turns text into the body). */
export function TextInput<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  invalid = false,
  ...props
}: Bound<V, N, T> & InputProps) {
  const { field, focus, error } = useBound(control, name);
  const value: unknown = field.value;
  return (
    <TextField
      {...props}
      ref={focus}
      name={field.name}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={error ?? invalid}
    />
  );
}

export function PasswordInput<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  invalid = false,
  ...props
}: Bound<V, N, T> & Omit<InputProps, 'type' | 'adornment'>) {
  const { field, focus, error } = useBound(control, name);
  const value: unknown = field.value;
  return (
    <PasswordField
      {...props}
      ref={focus}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={error ?? invalid}
    />
  );
}

export function TextAreaInput<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  label,
  help,
  rows,
}: Bound<V, N, T> & { rows?: number }) {
  const { field, focus, error } = useBound(control, name);
  const value: unknown = field.value;
  return (
    <TextAreaField
      label={label}
      help={help}
      rows={rows}
      ref={focus}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      {...(error ? { error } : {})}
    />
  );
}

/** A select whose options keep their type (a number stays a number in the form). */
export function SelectInput<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  label,
  help,
  options,
  disabled,
}: Bound<V, N, T> & {
  options: readonly ChoiceOption<PathValue<V, N> & (string | number)>[];
  disabled?: boolean;
}) {
  const { field, focus, error } = useBound(control, name);
  return (
    <SelectField
      ref={focus}
      label={label}
      help={help}
      value={field.value}
      options={options}
      onChange={(chosen) => field.onChange(chosen)}
      onBlur={field.onBlur}
      name={field.name}
      disabled={disabled}
      {...(error ? { error } : {})}
    />
  );
}

export function CheckboxInput<V extends FieldValues, N extends FieldPath<V>, T>({
  control,
  name,
  label,
}: Omit<Bound<V, N, T>, 'help'>) {
  const { field } = useBound(control, name);
  return (
    <CheckField
      label={label}
      checked={field.value === true}
      onChange={(checked) => field.onChange(checked)}
    />
  );
}
