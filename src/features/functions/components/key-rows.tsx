import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import styled from 'styled-components';
import { Button, IconButton } from '../../../ui/button.tsx';
import { limits, type FormErrors, type FunctionFormValues } from '../api/form-model.ts';
import { keyTypes } from '../api/queries.ts';
import { fieldErrorMessage, keyTypeLabels } from './labels.ts';
import { FieldHelp } from './form-parts.tsx';

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

/** The function's data keys: key, name, type and unit per row. */
export function DataKeyRows({
  rows,
  errors,
  onChange,
}: {
  rows: Rows<'dataKeys'>;
  errors: FormErrors;
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
          const keyError = errors[`dataKeys.${index}.key`];
          const problems = (['key', 'name', 'unit'] as const).flatMap((field) => {
            const error = errors[`dataKeys.${index}.${field}`];
            const max =
              field === 'key' ? limits.key : field === 'name' ? limits.keyName : limits.unit;
            return error ? [i18n._(fieldErrorMessage(error, max))] : [];
          });
          return (
            <Row key={index} $columns={4}>
              <input
                value={row.key}
                onChange={(e) => set(index, { key: e.target.value })}
                aria-label={t`Key ${n}`}
                aria-invalid={Boolean(keyError)}
                placeholder={t`Key`}
                maxLength={limits.key}
              />
              <input
                value={row.name}
                onChange={(e) => set(index, { name: e.target.value })}
                aria-label={t`Name of key ${n}`}
                placeholder={t`Name`}
                maxLength={limits.keyName}
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
                maxLength={limits.unit}
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
        disabled={rows.length >= limits.rows}
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
  errors,
  onChange,
}: {
  rows: Rows<'metadata'>;
  errors: FormErrors;
  onChange: (rows: Rows<'metadata'>) => void;
}) {
  const { t, i18n } = useLingui();
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
          const problems = (['key', 'value', 'default'] as const).flatMap((field) => {
            const error = errors[`metadata.${index}.${field}`];
            const max = field === 'key' ? limits.metadataKey : limits.metadataValue;
            return error ? [i18n._(fieldErrorMessage(error, max))] : [];
          });
          return (
            <Row key={index} $columns={3}>
              <input
                value={row.key}
                onChange={(e) => set(index, { key: e.target.value })}
                aria-label={t`Metadata key ${n}`}
                aria-invalid={Boolean(errors[`metadata.${index}.key`])}
                placeholder={t`Key`}
                maxLength={limits.metadataKey}
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
        disabled={rows.length >= limits.rows}
        onClick={() => onChange([...rows, { key: '', value: '', default: '' }])}
      >
        <Plus size={16} aria-hidden />
        <Trans>Add metadata</Trans>
      </Button>
    </>
  );
}
