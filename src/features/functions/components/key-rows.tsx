import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import { FUNCTION_ROWS_MAX, METADATA_KEY_MAX } from '../../../../contracts/cloud-function.ts';
import { KEY_NAME_MAX_LENGTH, keyTypes } from '../../../../contracts/list.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import type { FunctionFormValues } from './form-model.ts';
import { keyTypeLabels } from './labels.ts';

/** The line below a field: its help, or what is wrong with it. */
export const FieldHelp = styled.p<{ $error?: boolean }>`
  margin: 6px 0 0;
  font-size: 0.8125rem;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Row = styled.li<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr)) 40px;
  gap: 8px;
  align-items: start;
  @media (max-width: 700px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    padding-bottom: 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    > button {
      justify-self: end;
      grid-column: 2;
    }
  }
  input,
  select {
    width: 100%;
    min-height: 40px;
    padding: 0 10px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  p {
    grid-column: 1 / -1;
    margin: 0;
  }
`;

const Heads = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr)) 40px;
  gap: 8px;
  margin-bottom: 6px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  @media (max-width: 700px) {
    display: none;
  }
`;

type Rows<K extends 'dataKeys' | 'metadata'> = FunctionFormValues[K];

/** What is wrong with a field, by its path ("dataKeys.2.key"), in words. */
type ErrorAt = (path: string) => string | undefined;

/** The problems of a row's fields, in the order of its fields. */
const problemsOf = (errorAt: ErrorAt, row: string, fields: readonly string[]) =>
  fields.flatMap((field) => errorAt(`${row}.${field}`) ?? []);

/** The function's data keys: key, name, type and unit per row. */
export function DataKeyRows({
  rows,
  errorAt,
  onChange,
}: {
  rows: Rows<'dataKeys'>;
  errorAt: ErrorAt;
  onChange: (rows: Rows<'dataKeys'>) => void;
}) {
  const { t, i18n } = useLingui();
  const set = (index: number, change: Partial<Rows<'dataKeys'>[number]>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <>
      {rows.length > 0 ? (
        <Heads $columns={4} aria-hidden>
          <span>{t`Key`}</span>
          <span>{t`Name`}</span>
          <span>{t`Type`}</span>
          <span>{t`Unit`}</span>
        </Heads>
      ) : null}
      <Rows>
        {rows.map((row, index) => {
          const n = index + 1;
          const keyError = errorAt(`dataKeys.${index}.key`);
          const problems = problemsOf(errorAt, `dataKeys.${index}`, ['key', 'name', 'unit']);
          return (
            <Row key={index} $columns={4}>
              <input
                value={row.key}
                onChange={(e) => set(index, { key: e.target.value })}
                aria-label={t`Key ${n}`}
                aria-invalid={Boolean(keyError)}
                placeholder={t`Key`}
                maxLength={KEY_NAME_MAX_LENGTH}
              />
              <input
                value={row.name}
                onChange={(e) => set(index, { name: e.target.value })}
                aria-label={t`Name of key ${n}`}
                placeholder={t`Name`}
              />
              <select
                value={row.type}
                onChange={(e) => {
                  const type = keyTypes.find((k) => k === e.target.value) ?? '';
                  set(index, { type });
                }}
                aria-label={t`Type of key ${n}`}
              >
                <option value="">–</option>
                {keyTypes.map((type) => (
                  <option key={type} value={type}>
                    {i18n._(keyTypeLabels[type])}
                  </option>
                ))}
              </select>
              <input
                value={row.unit}
                onChange={(e) => set(index, { unit: e.target.value })}
                aria-label={t`Unit of key ${n}`}
                placeholder={t`Unit`}
              />
              <IconButton
                type="button"
                aria-label={t`Remove key ${n}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <Trash2 size={18} aria-hidden />
              </IconButton>
              {problems.length > 0 ? (
                <FieldHelp $error role="alert">
                  {problems.join(' · ')}
                </FieldHelp>
              ) : null}
            </Row>
          );
        })}
      </Rows>
      <Button
        type="button"
        $variant="secondary"
        disabled={rows.length >= FUNCTION_ROWS_MAX}
        onClick={() => onChange([...rows, { key: '', name: '', type: '', unit: '' }])}
      >
        <Plus size={16} aria-hidden />
        <Trans>Add data key</Trans>
      </Button>
    </>
  );
}

/** The function's metadata: key, value and default per row. */
export function MetadataRows({
  rows,
  errorAt,
  onChange,
}: {
  rows: Rows<'metadata'>;
  errorAt: ErrorAt;
  onChange: (rows: Rows<'metadata'>) => void;
}) {
  const { t } = useLingui();
  const set = (index: number, change: Partial<Rows<'metadata'>[number]>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <>
      {rows.length > 0 ? (
        <Heads $columns={3} aria-hidden>
          <span>{t`Key`}</span>
          <span>{t`Value`}</span>
          <span>{t`Default`}</span>
        </Heads>
      ) : null}
      <Rows>
        {rows.map((row, index) => {
          const n = index + 1;
          const problems = problemsOf(errorAt, `metadata.${index}`, ['key', 'value', 'default']);
          return (
            <Row key={index} $columns={3}>
              <input
                value={row.key}
                onChange={(e) => set(index, { key: e.target.value })}
                aria-label={t`Metadata key ${n}`}
                aria-invalid={Boolean(errorAt(`metadata.${index}.key`))}
                placeholder={t`Key`}
                maxLength={METADATA_KEY_MAX}
              />
              <input
                value={row.value}
                onChange={(e) => set(index, { value: e.target.value })}
                aria-label={t`Value of metadata key ${n}`}
                placeholder={t`Value`}
              />
              <input
                value={row.default}
                onChange={(e) => set(index, { default: e.target.value })}
                aria-label={t`Default of metadata key ${n}`}
                placeholder={t`Default`}
              />
              <IconButton
                type="button"
                aria-label={t`Remove metadata key ${n}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <Trash2 size={18} aria-hidden />
              </IconButton>
              {problems.length > 0 ? (
                <FieldHelp $error role="alert">
                  {problems.join(' · ')}
                </FieldHelp>
              ) : null}
            </Row>
          );
        })}
      </Rows>
      <Button
        type="button"
        $variant="secondary"
        disabled={rows.length >= FUNCTION_ROWS_MAX}
        onClick={() => onChange([...rows, { key: '', value: '', default: '' }])}
      >
        <Plus size={16} aria-hidden />
        <Trans>Add metadata</Trans>
      </Button>
    </>
  );
}
