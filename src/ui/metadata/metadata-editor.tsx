import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { Button } from '../button.tsx';
import {
  checkMetadata,
  METADATA_KEY_MAX,
  METADATA_MAX,
  type MetadataRow,
} from './metadata-entries.ts';
import { moveRow } from './move-row.ts';
import { Cell, newRowId, Row, RowActions, Rows } from './row-editor.tsx';

/** Free key/value metadata (of a device type, an organisation): one row per key. */
export function MetadataEditor({
  rows,
  onChange,
  showMissing,
}: {
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  showMissing: boolean;
}) {
  const { t } = useLingui();
  const atMost = (max: number) => t`At most ${max} characters.`;
  const check = checkMetadata(rows);
  const keyMessage = (error: (typeof check.keys)[number]) =>
    error === 'required'
      ? showMissing
        ? t`A key is required.`
        : undefined
      : error === 'tooLong'
        ? atMost(METADATA_KEY_MAX)
        : error === 'duplicate'
          ? t`This key is used more than once.`
          : undefined;
  const update = (index: number, changes: Partial<MetadataRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...changes } : row)));

  return (
    <div>
      {rows.length === 0 ? (
        <p>
          <Trans>No metadata.</Trans>
        </p>
      ) : (
        <Rows aria-label={t`Metadata`}>
          {rows.map((row, index) => {
            const number = index + 1;
            return (
              <Row key={row.rowId} $columns="minmax(0, 1fr) minmax(0, 2fr)">
                <span className="number" aria-hidden>
                  {number}
                </span>
                <Cell
                  id={`${row.rowId}-key`}
                  label={t`Metadata key`}
                  number={number}
                  error={keyMessage(check.keys[index])}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={row.key}
                      onChange={(event) => update(index, { key: event.target.value })}
                    />
                  )}
                </Cell>
                <Cell id={`${row.rowId}-value`} label={t`Metadata value`} number={number}>
                  {(props) => (
                    <input
                      {...props}
                      value={row.text}
                      onChange={(event) => update(index, { text: event.target.value })}
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
          <Trans>At most {METADATA_MAX} metadata keys.</Trans>
        </p>
      ) : null}
      <Button
        type="button"
        $variant="secondary"
        disabled={rows.length >= METADATA_MAX}
        onClick={() => onChange([...rows, { rowId: newRowId(), key: '', text: '' }])}
      >
        <Plus size={18} aria-hidden />
        <Trans>Add metadata</Trans>
      </Button>
    </div>
  );
}
