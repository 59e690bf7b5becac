import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  organisationLineage,
  organisationOptions,
  type OrganisationChoice,
} from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  FormActions,
  FormError,
  FormGrid,
  SelectField,
  TextAreaField,
} from '../../../ui/form-fields.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { decoderFunctionsQuery, type DeviceType, type DeviceTypeInput } from '../api/queries.ts';
import { KeyStructureEditor } from './key-structure-editor.tsx';
import { checkStructure, keyRowsOf, structureOf, type KeyRow } from './key-structure.ts';
import { MetadataEditor } from '../../../ui/metadata/metadata-editor.tsx';
import {
  checkMetadata,
  metadataOf,
  metadataRowsOf,
  type MetadataRow,
} from '../../../ui/metadata/metadata-entries.ts';
import { newRowId } from '../../../ui/metadata/row-editor.tsx';

/** Limits of server/schemas/list.ts (EntityName, Description). */
const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;

const Part = styled.fieldset`
  margin: 20px 0 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: 4px;
    font-size: 1.1rem;
    font-weight: 600;
  }
  > p.hint {
    margin: 0 0 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

interface Draft {
  name: string;
  description: string;
  orgUuid: string;
  decoderId: number;
  keys: KeyRow[];
  metadata: MetadataRow[];
}

/**
 * Create or edit a device type: name, description, organisation, decoder
 * function, metadata and the key structure. The decoder picker offers the
 * decoders of the chosen organisation and those above it, as the server asks.
 */
export function DeviceTypeForm({
  deviceType,
  orgs,
  defaultOrg,
  canChooseOrg,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  deviceType?: DeviceType;
  orgs: readonly OrganisationChoice[];
  defaultOrg: string;
  canChooseOrg: boolean;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (input: DeviceTypeInput) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const atMost = (max: number) => t`At most ${max} characters.`;
  const decoders = useQuery(decoderFunctionsQuery());
  const [draft, setDraft] = useState<Draft>(() => ({
    name: deviceType?.name ?? '',
    description: deviceType?.description ?? '',
    orgUuid: deviceType?.org.uuid ?? defaultOrg,
    decoderId: deviceType?.decoderFunction?.id ?? 0,
    keys: keyRowsOf(deviceType?.structure ?? [], newRowId),
    metadata: metadataRowsOf(deviceType?.metadata ?? {}, newRowId),
  }));
  const [tried, setTried] = useState(false);

  const name = draft.name.trim();
  const nameError = !name
    ? t`A name is required.`
    : name.length > NAME_MAX
      ? atMost(NAME_MAX)
      : undefined;
  const descriptionError =
    draft.description.length > DESCRIPTION_MAX ? atMost(DESCRIPTION_MAX) : undefined;

  const orgOptions = organisationOptions(orgs);
  if (deviceType && !orgOptions.some((o) => o.value === deviceType.org.uuid)) {
    orgOptions.unshift({ value: deviceType.org.uuid, label: deviceType.org.name });
  }
  const lineage = organisationLineage(orgs, draft.orgUuid);
  const usable = (decoders.data ?? []).filter((d) => lineage.includes(d.org.uuid));
  const current = deviceType?.decoderFunction;
  const decoderOptions = [
    { value: 0, label: t`No decoder` },
    ...(current && !usable.some((d) => d.id === current.id)
      ? [{ value: current.id, label: current.name }]
      : []),
    ...usable.map((d) => ({ value: d.id, label: `${d.name} (${d.org.name})` })),
  ];
  const decoderHelp = decoders.isError ? (
    <Trans>The decoder functions could not be loaded.</Trans>
  ) : decoders.isPending ? (
    <Trans>Loading…</Trans>
  ) : usable.length === 0 ? (
    <Trans>No decoder function in this organisation or above it.</Trans>
  ) : (
    <Trans>Turns what a device sends into data points.</Trans>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (
      nameError ||
      descriptionError ||
      !checkStructure(draft.keys).valid ||
      !checkMetadata(draft.metadata).valid
    ) {
      return;
    }
    onSubmit({
      name,
      description: draft.description.trim() ? draft.description : null,
      orgUuid: draft.orgUuid,
      decoderFunctionId: draft.decoderId === 0 ? null : draft.decoderId,
      structure: structureOf(draft.keys),
      metadata: metadataOf(draft.metadata),
    });
  };

  return (
    <Card
      as="form"
      onSubmit={submit}
      noValidate
      aria-label={deviceType ? t`Edit device type` : t`New device type`}
    >
      <FormGrid>
        <TextField
          label={t`Name`}
          value={draft.name}
          maxLength={NAME_MAX}
          required
          autoFocus
          error={tried ? nameError : undefined}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <SelectField
          label={t`Organisation`}
          value={draft.orgUuid}
          options={orgOptions}
          disabled={!canChooseOrg}
          help={
            canChooseOrg ? undefined : (
              <Trans>Your group may not move it to another organisation.</Trans>
            )
          }
          onChange={(orgUuid) => {
            // A decoder must belong to the organisation or one above it.
            const above = organisationLineage(orgs, orgUuid);
            const keeps = (decoders.data ?? []).some(
              (d) => d.id === draft.decoderId && above.includes(d.org.uuid),
            );
            setDraft({ ...draft, orgUuid, decoderId: keeps ? draft.decoderId : 0 });
          }}
        />
        <SelectField
          label={t`Decoder function`}
          value={draft.decoderId}
          options={decoderOptions}
          help={decoderHelp}
          onChange={(decoderId) => setDraft({ ...draft, decoderId })}
        />
        <div className="wide">
          <TextAreaField
            label={t`Description`}
            value={draft.description}
            maxLength={DESCRIPTION_MAX}
            error={tried ? descriptionError : undefined}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
        </div>
      </FormGrid>
      <Part>
        <legend>
          <Trans>Key structure</Trans>
        </legend>
        <p className="hint">
          <Trans>
            The data keys a device of this type sends. Keys use letters A–Z, digits and _ . - and
            are unique.
          </Trans>
        </p>
        <KeyStructureEditor
          rows={draft.keys}
          showMissing={tried}
          onChange={(keys) => setDraft((old) => ({ ...old, keys }))}
        />
      </Part>
      <Part>
        <legend>
          <Trans>Metadata</Trans>
        </legend>
        <MetadataEditor
          rows={draft.metadata}
          showMissing={tried}
          onChange={(metadata) => setDraft((old) => ({ ...old, metadata }))}
        />
      </Part>
      <FormError message={error} />
      {tried && (!checkStructure(draft.keys).valid || !checkMetadata(draft.metadata).valid) ? (
        <FormError message={t`Correct the marked fields before saving.`} />
      ) : null}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy}>
          {deviceType ? <Trans>Save</Trans> : <Trans>Create</Trans>}
        </Button>
      </FormActions>
    </Card>
  );
}
