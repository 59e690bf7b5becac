import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import styled from 'styled-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { FormActions } from '../../../ui/form/fields.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import type { Device } from '../../../../contracts/device.ts';
import { Metadata } from '../../../../contracts/list.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { metadataKeys } from './labels.ts';
import { PlainFieldset } from './tab-parts.tsx';

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

interface Values {
  fixed: Record<string, string>;
  free: { key: string; value: string }[];
}

const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
const known = new Set(metadataKeys.map((k) => k.key));

/** A value as it is stored: a number when it reads as one, else the text. */
function stored(value: string): string | number {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

const shown = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

/** The spec's keys left empty stay out; the free keys follow them. */
function toBody({ fixed, free }: Values): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fixed))
    if (value.trim() !== '') metadata[key] = stored(value);
  for (const entry of free) metadata[entry.key.trim()] = stored(entry.value);
  return metadata;
}

function initialValues(metadata: Device['metadata']): Values {
  return {
    fixed: Object.fromEntries(
      metadataKeys.map(({ key }) => [key, key in metadata ? shown(metadata[key]) : '']),
    ),
    free: Object.entries(metadata)
      .filter(([key]) => !known.has(key))
      .map(([key, value]) => ({ key, value: shown(value) })),
  };
}

/**
 * The metadata tab: the spec's sensor keys (CO₂, humidity, temperature, water
 * flow and temperatures, value) and any free keys. Empty spec keys are left out.
 */
export function DeviceMetadata({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const form = useContractForm({
    schema: Metadata,
    defaultValues: initialValues(device.metadata),
    toBody,
    check: ({ free }) => {
      const found: Record<string, string> = {};
      const seen = new Set<string>();
      free.forEach(({ key }, index) => {
        const bad = key.trim();
        if (!KEY_PATTERN.test(bad) || known.has(bad))
          found[`free.${index}.key`] =
            t`Keys use letters, digits, _ . or - and differ from the keys above: ${bad}`;
        else if (seen.has(bad)) found[`free.${index}.key`] = t`Each key may appear only once.`;
        seen.add(bad);
      });
      return found;
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'free' });
  const submit = form.handleSubmit((metadata) =>
    save.mutate(
      { metadata },
      {
        onSuccess: () => notify(t`Saved`, 'success'),
        onError: (e) => notify(e instanceof ApiError ? e.message : t`Update failed`, 'error'),
      },
    ),
  );

  return (
    <Section>
      <h2>
        <Trans>Metadata</Trans>
      </h2>
      <form onSubmit={submit} noValidate>
        <PlainFieldset disabled={!canModify || save.isPending}>
          <Rows>
            {metadataKeys.map(({ key, label }) => (
              <TextInput
                key={key}
                control={form.control}
                name={`fixed.${key}`}
                label={i18n._(label)}
                maxLength={200}
              />
            ))}
          </Rows>
          <h3>
            <Trans>Other keys</Trans>
          </h3>
          <Rows>
            {rows.fields.map((row, index) => (
              <Row key={row.id}>
                <TextInput
                  control={form.control}
                  name={`free.${index}.key`}
                  label={t`Key`}
                  maxLength={100}
                />
                <TextInput
                  control={form.control}
                  name={`free.${index}.value`}
                  label={t`Value`}
                  maxLength={2000}
                />
                {canModify ? (
                  <RemoveRow control={form.control} index={index} onRemove={rows.remove} />
                ) : null}
              </Row>
            ))}
          </Rows>
          {canModify ? (
            <FormActions>
              <Button
                type="button"
                $variant="secondary"
                onClick={() => rows.append({ key: '', value: '' })}
              >
                <Plus size={18} aria-hidden />
                <Trans>Add key</Trans>
              </Button>
              <Button type="submit">
                <Trans>Save</Trans>
              </Button>
            </FormActions>
          ) : null}
        </PlainFieldset>
      </form>
    </Section>
  );
}

/** Removes a free key; named after the key it removes. */
function RemoveRow({
  control,
  index,
  onRemove,
}: {
  control: Control<Values, unknown, Record<string, unknown>>;
  index: number;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  const key = useWatch({ control, name: `free.${index}.key` });
  return (
    <IconButton
      type="button"
      aria-label={key ? t`Remove the key ${key}` : t`Remove this key`}
      onClick={() => onRemove(index)}
    >
      <Trash2 size={18} />
    </IconButton>
  );
}
