import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { typedSelect, type ChoiceOption } from './typed-options.tsx';

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(160px, 1fr) minmax(160px, 260px);
  align-items: center;
  gap: 8px 16px;
  padding: 10px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
  @media (max-width: 599px) {
    grid-template-columns: 1fr;
  }
  label {
    font-weight: 500;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

const NativeSelect = styled.select`
  width: 100%;
  min-height: 40px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

function RowLabel({ id, label, help }: { id: string; label: ReactNode; help?: ReactNode }) {
  return (
    <label htmlFor={id}>
      {label}
      {help ? <small>{help}</small> : null}
    </label>
  );
}

/** A labelled select whose values keep their type (numbers stay numbers). */
export function SelectRow<T extends string | number>({
  label,
  help,
  value,
  options,
  onChange,
  ...rest
}: {
  label: ReactNode;
  help?: ReactNode;
  value: T;
  options: readonly ChoiceOption<T>[];
  onChange: (value: T) => void;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <Row>
      <RowLabel id={id} label={label} help={help} />
      <NativeSelect id={id} {...rest} {...typedSelect(value, options, onChange)} />
    </Row>
  );
}

const Toggle = styled.input`
  appearance: none;
  width: 44px;
  height: 24px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  position: relative;
  cursor: pointer;
  justify-self: end;
  transition: background-color 120ms ease;
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: #fff;
    transition: transform 120ms ease;
  }
  &:checked {
    background: ${({ theme }) => theme.colors.primary};
  }
  &:checked::after {
    transform: translateX(20px);
  }
`;

export function SwitchRow({
  label,
  help,
  checked,
  onChange,
}: {
  label: ReactNode;
  help?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <Row>
      <RowLabel id={id} label={label} help={help} />
      <Toggle
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </Row>
  );
}

const NumberInput = styled.input`
  width: 100%;
  min-height: 40px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** A whole number, saved when the field is left (not on every key). */
export function NumberRow({
  label,
  help,
  value,
  min,
  max,
  onChange,
}: {
  label: ReactNode;
  help?: ReactNode;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <Row>
      <RowLabel id={id} label={label} help={help} />
      <NumberInput
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        defaultValue={value}
        key={value}
        onBlur={(event) => {
          const next = Math.round(Number(event.target.value));
          if (Number.isFinite(next) && next >= min && next <= max && next !== value) onChange(next);
          else event.target.value = String(value);
        }}
      />
    </Row>
  );
}
