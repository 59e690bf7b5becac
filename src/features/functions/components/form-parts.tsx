import {
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled from 'styled-components';

export const FieldLabel = styled.label`
  display: block;
  margin-bottom: 6px;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FieldHelp = styled.p<{ $error?: boolean }>`
  margin: 6px 0 0;
  font-size: 0.8125rem;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

const control = `
  width: 100%;
  min-height: 42px;
  padding: 0 10px;
  font: inherit;
`;

const NativeSelect = styled.select`
  ${control}
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const NativeTextarea = styled.textarea<{ $error: boolean }>`
  ${control}
  padding: 10px 12px;
  min-height: 84px;
  resize: vertical;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

/** A labelled select over string options. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  ...rest
}: {
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function TextareaField({
  label,
  error,
  ...rest
}: { label: ReactNode; error?: string | undefined } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <NativeTextarea
        id={id}
        $error={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      {error ? (
        <FieldHelp id={`${id}-error`} $error role="alert">
          {error}
        </FieldHelp>
      ) : null}
    </div>
  );
}
