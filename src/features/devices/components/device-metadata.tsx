import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { metadataKeys } from './labels.ts';
import { Actions, ErrorText, PlainFieldset } from './tab-parts.tsx';

const Rows = styled.div`
  display: grid;
  gap: 10px;
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) 40px;
  align-items: end;
  gap: 10px;
  @media (max-width: 520px) {
    grid-template-columns: minmax(0, 1fr) 40px;
    > :nth-child(2) {
      grid-column: 1;
    }
  }
`;

interface Entry {
  key: string;
  value: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

/** A value as it is stored: a number when it reads as one, else the text. */
function stored(value: string): string | number {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const shown = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

/**
 * The metadata tab: the spec's sensor keys (CO₂, humidity, temperature, water
 * flow and temperatures, value) and any free keys. Empty spec keys are left out.
 */
export function DeviceMetadata({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const known = new Set(metadataKeys.map((k) => k.key));
  const [fixed, setFixed] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      metadataKeys.map(({ key }) => [
        key,
        key in device.metadata ? shown(device.metadata[key]) : '',
      ]),
    ),
  );
  const [free, setFree] = useState<Entry[]>(() =>
    Object.entries(device.metadata)
      .filter(([key]) => !known.has(key))
      .map(([key, value]) => ({ key, value: shown(value) })),
  );
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const keys = free.map((e) => e.key.trim());
    const bad = keys.find((key) => !KEY_PATTERN.test(key) || known.has(key));
    if (bad !== undefined) {
      setError(t`Keys use letters, digits, _ . or - and differ from the keys above: ${bad}`);
      return;
    }
    if (new Set(keys).size !== keys.length) {
      setError(t`Each key may appear only once.`);
      return;
    }
    setError(null);
    const metadata: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fixed))
      if (value.trim() !== '') metadata[key] = stored(value);
    for (const entry of free) metadata[entry.key.trim()] = stored(entry.value);
    save.mutate(
      { metadata },
      {
        onSuccess: () => notify(t`Saved`, 'success'),
        onError: (e) => notify(e instanceof ApiError ? e.message : t`Update failed`, 'error'),
      },
    );
  };

  return (
    <Section>
      <h2>
        <Trans>Metadata</Trans>
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PlainFieldset disabled={!canModify || save.isPending}>
          <Rows>
            {metadataKeys.map(({ key, label }) => (
              <TextField
                key={key}
                label={i18n._(label)}
                value={fixed[key] ?? ''}
                maxLength={200}
                onChange={(e) => setFixed((old) => ({ ...old, [key]: e.target.value }))}
              />
            ))}
          </Rows>
          <h3>
            <Trans>Other keys</Trans>
          </h3>
          <Rows>
            {free.map((entry, index) => (
              <Row key={index}>
                <TextField
                  label={t`Key`}
                  value={entry.key}
                  maxLength={100}
                  onChange={(e) =>
                    setFree((old) =>
                      old.map((x, i) => (i === index ? { ...x, key: e.target.value } : x)),
                    )
                  }
                />
                <TextField
                  label={t`Value`}
                  value={entry.value}
                  maxLength={2000}
                  onChange={(e) =>
                    setFree((old) =>
                      old.map((x, i) => (i === index ? { ...x, value: e.target.value } : x)),
                    )
                  }
                />
                {canModify ? (
                  <IconButton
                    type="button"
                    aria-label={entry.key ? t`Remove the key ${entry.key}` : t`Remove this key`}
                    onClick={() => setFree((old) => old.filter((_, i) => i !== index))}
                  >
                    <Trash2 size={18} />
                  </IconButton>
                ) : null}
              </Row>
            ))}
          </Rows>
          {error ? <ErrorText role="alert">{error}</ErrorText> : null}
          {canModify ? (
            <Actions>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => setFree((old) => [...old, { key: '', value: '' }])}
              >
                <Plus size={18} aria-hidden />
                <Trans>Add key</Trans>
              </Button>
              <Button type="submit">
                <Trans>Save</Trans>
              </Button>
            </Actions>
          ) : null}
        </PlainFieldset>
      </form>
    </Section>
  );
}
