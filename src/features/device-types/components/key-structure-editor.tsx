import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import {
  STRUCTURE_MAX_KEYS as STRUCTURE_MAX,
  STRUCTURE_NAME_MAX_LENGTH,
  STRUCTURE_VALUE_MAX_LENGTH,
} from '../../../../contracts/device-type.ts';
import { KEY_NAME_MAX_LENGTH, keyTypes, type StoredKeyType } from '../../../../contracts/list.ts';
import { Button } from '../../../ui/button.tsx';
import { checkStructure, type KeyRow, type KeyRowErrors } from './key-structure.ts';
import { moveRow } from '../../../ui/metadata/move-row.ts';
import { Cell, newRowId, RowActions, Rows, Row } from '../../../ui/metadata/row-editor.tsx';

/**
 * The keys a device of the type sends: key, name, type and value per row;
 * rows can be added, removed and moved. Mistakes in what is typed show at
 * once; missing fields once the form has been submitted.
 */
export function KeyStructureEditor({
  rows,
  onChange,
  showMissing,
}: {
  rows: KeyRow[];
  onChange: (rows: KeyRow[]) => void;
  showMissing: boolean;
}) {
  const { t } = useLingui();
  const atMost = (max: number) => t`At most ${max} characters.`;
  const check = checkStructure(rows);
  const typeLabels: Record<StoredKeyType, string> = {
    array: t`Array`,
    boolean: t`Boolean`,
    integer: t`Integer`,
    string: t`String`,
    value: t`Value (number)`,
  };
  const keyMessage = (error: KeyRowErrors['key']) => {
    switch (error) {
      case 'required':
        return showMissing ? t`A key is required.` : undefined;
      case 'pattern':
        return t`Use only letters A–Z, digits and _ . - (no spaces).`;
      case 'tooLong':
        return atMost(KEY_NAME_MAX_LENGTH);
      case 'duplicate':
        return t`This key is used more than once.`;
      default:
        return undefined;
    }
  };
  const nameMessage = (error: KeyRowErrors['name']) =>
    error === 'required'
      ? showMissing
        ? t`A name is required.`
        : undefined
      : error === 'tooLong'
        ? atMost(STRUCTURE_NAME_MAX_LENGTH)
        : undefined;

  const update = (index: number, changes: Partial<KeyRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));

  return (
    <div>
      {rows.length === 0 ? (
        <p>
          <Trans>No keys yet. Add the keys a device of this type sends.</Trans>
        </p>
      ) : (
        <Rows aria-label={t`Key structure`}>
          {rows.map((row, index) => {
            const number = index + 1;
            const errors = check.rows[index] ?? {};
            return (
              <Row
                key={row.rowId}
                $columns="minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 0.9fr) minmax(0, 1fr)"
              >
                <span className="number" aria-hidden>
                  {number}
                </span>
                <Cell
                  id={`${row.rowId}-key`}
                  label={t`Key`}
                  number={number}
                  error={keyMessage(errors.key)}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={row.key}
                      maxLength={KEY_NAME_MAX_LENGTH + 10}
                      spellCheck={false}
                      autoCapitalize="off"
                      onChange={(event) => update(index, { key: event.target.value })}
                    />
                  )}
                </Cell>
                <Cell
                  id={`${row.rowId}-name`}
                  label={t`Name`}
                  number={number}
                  error={nameMessage(errors.name)}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={row.name}
                      onChange={(event) => update(index, { name: event.target.value })}
                    />
                  )}
                </Cell>
                <Cell id={`${row.rowId}-type`} label={t`Type`} number={number}>
                  {(props) => (
                    <select
                      {...props}
                      value={row.type}
                      onChange={(event) => {
                        const type = keyTypes.find((k) => k === event.target.value);
                        if (type) update(index, { type });
                      }}
                    >
                      {keyTypes.map((type) => (
                        <option key={type} value={type}>
                          {typeLabels[type]}
                        </option>
                      ))}
                    </select>
                  )}
                </Cell>
                <Cell
                  id={`${row.rowId}-value`}
                  label={t`Value`}
                  number={number}
                  error={errors.value ? atMost(STRUCTURE_VALUE_MAX_LENGTH) : undefined}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={row.value}
                      onChange={(event) => update(index, { value: event.target.value })}
                    />
                  )}
                </Cell>
                <RowActions
                  index={index}
                  count={rows.length}
                  number={number}
                  onMove={(from, to) => onChange(moveRow(rows, from, to))}
                  onRemove={(at) => onChange(rows.filter((_, i) => i !== at))}
                />
              </Row>
            );
          })}
        </Rows>
      )}
      {check.tooMany ? (
        <p role="alert">
          <Trans>A device type has at most {STRUCTURE_MAX} keys.</Trans>
        </p>
      ) : null}
      <Button
        type="button"
        $variant="secondary"
        disabled={rows.length >= STRUCTURE_MAX}
        onClick={() =>
          onChange([...rows, { rowId: newRowId(), key: '', name: '', type: 'value', value: '' }])
        }
      >
        <Plus size={18} aria-hidden />
        <Trans>Add key</Trans>
      </Button>
    </div>
  );
}
