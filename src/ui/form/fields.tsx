import {
  useId,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { typedSelect, type ChoiceOption } from './typed-options.tsx';

/** Fields that sit beside TextField in an entity's form: same label, frame and help line. */

const Field = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
`;

const Label = styled.label`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const frame = css<{ $error: boolean }>`
  width: 100%;
  min-width: 0;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.border)};
  box-shadow: ${({ theme, $error }) => ($error ? `0 0 0 1px ${theme.colors.danger}` : 'none')};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus {
    outline: none;
    border-color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.primary)};
  }
`;

const Select = styled.select<{ $error: boolean }>`
  ${frame};
  min-height: 44px;
  padding: 0 10px;
`;

const Area = styled.textarea<{ $error: boolean }>`
  ${frame};
  min-height: 96px;
  padding: 10px 12px;
  resize: vertical;
`;

const Help = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

function HelpLine({ id, error, help }: { id: string; error?: string; help?: ReactNode }) {
  const message = error ?? help;
  if (!message) return null;
  return (
    <Help id={id} $error={Boolean(error)} role={error ? 'alert' : undefined}>
      {message}
    </Help>
  );
}

/** A labelled select whose values keep their type (numbers stay numbers). */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
  help,
  ...rest
}: {
  label: string;
  value: T;
  options: readonly ChoiceOption<T>[];
  onChange: (value: T) => void;
  error?: string;
  help?: ReactNode;
  ref?: Ref<HTMLSelectElement> | undefined;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        $error={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error || help ? `${id}-help` : undefined}
        {...rest}
        {...typedSelect(value, options, onChange)}
      />
      <HelpLine id={`${id}-help`} error={error} help={help} />
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  help,
  ...rest
}: {
  label: string;
  error?: string;
  help?: ReactNode;
  ref?: Ref<HTMLTextAreaElement> | undefined;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Area
        id={id}
        $error={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error || help ? `${id}-help` : undefined}
        {...rest}
      />
      <HelpLine id={`${id}-help`} error={error} help={help} />
    </Field>
  );
}

/** A form's fields, one column on phones and two where there is room. */
export const FormGrid = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  .wide {
    grid-column: 1 / -1;
  }
`;

/** Save and cancel at the end of a form. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 8px;
`;

const ErrorBox = styled.p`
  margin: 16px 0 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
  overflow-wrap: anywhere;
`;

/** The server's reason for refusing a form (its input stays for another try). */
export function FormError({ message }: { message?: string | undefined }) {
  return message ? <ErrorBox role="alert">{message}</ErrorBox> : null;
}

/** A titled part of a long form: the kit splits long forms into these. */
export const FormSection = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  padding: 16px 20px 20px;
  margin: 0 0 16px;
  min-width: 0;
  legend {
    padding: 0 6px;
    font-weight: 700;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  font-weight: 500;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export function CheckField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Check>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </Check>
  );
}
