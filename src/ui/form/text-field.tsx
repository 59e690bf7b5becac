import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import styled from 'styled-components';

// One column no wider than the form's: a file input's own width must not push it out.
const Field = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 6px;
`;

const Label = styled.label`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Control = styled.div<{ $error: boolean }>`
  display: flex;
  align-items: center;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme, $error }) => ($error ? `0 0 0 1px ${theme.colors.danger}` : 'none')};
  &:focus-within {
    border-color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.primary)};
  }
  /* A value shown but not to be changed here reads as such. */
  &:has(input[readonly]) {
    background: ${({ theme }) => theme.colors.background};
    border-style: dashed;
  }
  &:has(input[readonly]) input {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input {
    flex: 1;
    min-width: 0;
    min-height: 42px;
    padding: 0 12px;
    border: none;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    outline: none;
  }
`;

const Help = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: 0.8125rem;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Marks the field as wrong; with a text, also says why. */
  error?: boolean | string;
  help?: ReactNode;
  adornment?: ReactNode;
  ref?: Ref<HTMLInputElement> | undefined;
}

export function TextField({ label, error = false, help, adornment, id, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const message = typeof error === 'string' ? error : help;
  const describedBy = message ? `${inputId}-help` : undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <Control $error={Boolean(error)}>
        <input
          id={inputId}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
        />
        {adornment}
      </Control>
      {message ? (
        <Help
          id={describedBy}
          $error={typeof error === 'string'}
          role={typeof error === 'string' ? 'alert' : undefined}
        >
          {message}
        </Help>
      ) : null}
    </Field>
  );
}

const Toggle = styled.button`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'adornment'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <Toggle
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
        >
          {visible ? <EyeOff size={18} /> : <Eye size={18} />}
        </Toggle>
      }
    />
  );
}
