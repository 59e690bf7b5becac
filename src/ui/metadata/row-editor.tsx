import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from '../button.tsx';

/** Parts shared by the key structure and metadata editors: rows of small fields with actions. */

export const Rows = styled.ol`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  gap: 8px;
`;

/** One row: its fields side by side on wide screens, stacked under a numbered heading on phones. */
export const Row = styled.li<{ $columns: string }>`
  display: grid;
  grid-template-columns: 28px ${({ $columns }) => $columns} auto;
  align-items: start;
  gap: 8px;
  padding: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  .number {
    padding-top: 11px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-variant-numeric: tabular-nums;
  }
  .actions {
    display: flex;
    padding-top: 22px;
  }
  .actions button:disabled {
    opacity: 0.35;
    cursor: default;
  }
  /* On wide screens the first row's labels head the columns. */
  @media (min-width: 721px) {
    &:not(:first-child) .cell label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    &:not(:first-child) .number,
    &:not(:first-child) .actions {
      padding-top: 0;
    }
    &:not(:first-child) .number {
      padding-top: 11px;
    }
    &:first-child .number {
      padding-top: 33px;
    }
  }
  @media (max-width: 720px) {
    grid-template-columns: 1fr auto;
    .number {
      padding-top: 8px;
      font-weight: 600;
    }
    .actions {
      grid-column: 2;
      grid-row: 1;
      padding-top: 0;
    }
    & > .cell {
      grid-column: 1 / -1;
    }
  }
`;

const CellBox = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
  label {
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  input,
  select {
    width: 100%;
    min-width: 0;
    min-height: 40px;
    padding: 0 10px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
  p {
    margin: 0;
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** A labelled field of a row; the label names the row too, so each field has its own name. */
export function Cell({
  id,
  label,
  number,
  error,
  children,
}: {
  id: string;
  label: string;
  number: number;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  return (
    <CellBox className="cell">
      <label htmlFor={id}>
        {label}
        <span className="visually-hidden"> {number}</span>
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(error ? { 'aria-describedby': `${id}-error` } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </CellBox>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** Move up, move down and remove buttons of row `index` (1-based `number` in their names). */
export function RowActions({
  index,
  count,
  number,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  number: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="actions">
      <IconButton
        type="button"
        aria-label={t`Move row ${number} up`}
        title={t`Move up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp size={18} aria-hidden />
      </IconButton>
      <IconButton
        type="button"
        aria-label={t`Move row ${number} down`}
        title={t`Move down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown size={18} aria-hidden />
      </IconButton>
      <IconButton
        type="button"
        aria-label={t`Remove row ${number}`}
        title={t`Remove`}
        onClick={() => onRemove(index)}
      >
        <X size={18} aria-hidden />
      </IconButton>
    </div>
  );
}

let counter = 0;
/** A row's identity in the editor (React keys that follow a row as it moves). */
export const newRowId = () => `row-${++counter}`;
