import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { DeviceTypeCreate, type DeviceType } from '../../../../contracts/device-type.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import { functionChoicesQuery } from '../../../api/functions/queries.ts';
import {
  organisationLineage,
  organisationOptions,
  type OrganisationChoice,
} from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid, SelectField } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { MetadataEditor } from '../../../ui/metadata/metadata-editor.tsx';
import {
  checkMetadata,
  metadataOf,
  metadataRowsOf,
  type MetadataRow,
} from '../../../ui/metadata/metadata-entries.ts';
import { newRowId } from '../../../ui/metadata/row-editor.tsx';
import { KeyStructureEditor } from './key-structure-editor.tsx';
import { checkStructure, keyRowsOf, structureOf, type KeyRow } from './key-structure.ts';

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

interface Values {
  name: string;
  description: string;
  orgUuid: string;
  /** 0 for no decoder. */
  decoderId: number;
  structure: KeyRow[];
  metadata: MetadataRow[];
}

const toBody = (values: Values): DeviceTypeCreate => ({
  name: values.name.trim(),
  description: textOrNull(values.description),
  orgUuid: values.orgUuid,
  decoderFunctionId: values.decoderId === 0 ? null : values.decoderId,
  structure: structureOf(values.structure),
  metadata: metadataOf(values.metadata),
});

const atMost = (max: number) => msg`At most ${max} characters.`;
const messages = {
  name: {
    minLength: msg`A name is required.`,
    pattern: msg`A name is required.`,
    maxLength: atMost(NAME_MAX_LENGTH),
  },
  description: { maxLength: atMost(DESCRIPTION_MAX_LENGTH) },
};

/** Keys and metadata keys must be unique too, which a contract cannot say: the editors mark repeats. */
const rowsValid = (values: Pick<Values, 'structure' | 'metadata'>) =>
  checkStructure(values.structure).valid && checkMetadata(values.metadata).valid;

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
  onSubmit: (body: DeviceTypeCreate) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const decoders = useQuery(functionChoicesQuery({ type: 'decoder' }));
  const form = useContractForm({
    schema: DeviceTypeCreate,
    defaultValues: {
      name: deviceType?.name ?? '',
      description: deviceType?.description ?? '',
      orgUuid: deviceType?.org.uuid ?? defaultOrg,
      decoderId: deviceType?.decoderFunction?.id ?? 0,
      structure: keyRowsOf(deviceType?.structure ?? [], newRowId),
      metadata: metadataRowsOf(deviceType?.metadata ?? {}, newRowId),
    },
    toBody,
    messages,
  });
  const org = useController({ control: form.control, name: 'orgUuid' });
  const structure = useController({ control: form.control, name: 'structure' });
  const metadata = useController({ control: form.control, name: 'metadata' });
  const decoderId = useWatch({ control: form.control, name: 'decoderId' });
  const tried = form.formState.isSubmitted;

  const orgOptions = organisationOptions(orgs);
  if (deviceType && !orgOptions.some((o) => o.value === deviceType.org.uuid)) {
    orgOptions.unshift({ value: deviceType.org.uuid, label: deviceType.org.name });
  }
  const lineage = organisationLineage(orgs, org.field.value);
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

  return (
    <Card
      as="form"
      onSubmit={form.handleSubmit((body) => {
        if (rowsValid(form.getValues())) onSubmit(body);
      })}
      noValidate
      aria-label={deviceType ? t`Edit device type` : t`New device type`}
    >
      <FormGrid>
        <TextInput
          control={form.control}
          name="name"
          label={t`Name`}
          maxLength={NAME_MAX_LENGTH}
          required
          autoFocus
        />
        <SelectField
          label={t`Organisation`}
          name={org.field.name}
          value={org.field.value}
          options={orgOptions}
          disabled={!canChooseOrg}
          help={
            canChooseOrg ? undefined : (
              <Trans>Your group may not move it to another organisation.</Trans>
            )
          }
          onBlur={org.field.onBlur}
          onChange={(orgUuid) => {
            org.field.onChange(orgUuid);
            // A decoder must belong to the organisation or one above it.
            const above = organisationLineage(orgs, orgUuid);
            const keeps = (decoders.data ?? []).some(
              (d) => d.id === decoderId && above.includes(d.org.uuid),
            );
            if (!keeps) form.setValue('decoderId', 0);
          }}
        />
        <SelectInput
          control={form.control}
          name="decoderId"
          label={t`Decoder function`}
          options={decoderOptions}
          help={decoderHelp}
        />
        <div className="wide">
          <TextAreaInput control={form.control} name="description" label={t`Description`} />
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
          rows={structure.field.value}
          showMissing={tried}
          onChange={structure.field.onChange}
        />
      </Part>
      <Part>
        <legend>
          <Trans>Metadata</Trans>
        </legend>
        <MetadataEditor
          rows={metadata.field.value}
          showMissing={tried}
          onChange={metadata.field.onChange}
        />
      </Part>
      <FormError message={error} />
      {tried && !rowsValid(form.getValues()) ? (
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
