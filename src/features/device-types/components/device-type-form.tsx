import { Trans, useLingui } from '@lingui/react/macro';
import { useController } from 'react-hook-form';
import styled from 'styled-components';
import { DeviceTypeCreate, type DeviceType } from '../../../../contracts/device-type.ts';
import { NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import type { OrganisationChoice } from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { nameAndDescriptionMessages } from '../../../ui/form/name-messages.ts';
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
import { OwnerFields } from './owner-fields.tsx';
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

export interface DeviceTypeValues {
  name: string;
  description: string;
  orgUuid: string;
  /** 0 for no decoder. */
  decoderId: number;
  structure: KeyRow[];
  metadata: MetadataRow[];
}

const toBody = (values: DeviceTypeValues): DeviceTypeCreate => ({
  name: values.name.trim(),
  description: textOrNull(values.description),
  orgUuid: values.orgUuid,
  decoderFunctionId: values.decoderId === 0 ? null : values.decoderId,
  structure: structureOf(values.structure),
  metadata: metadataOf(values.metadata),
});

/** Keys and metadata keys must be unique too, which a contract cannot say: the editors mark repeats. */
const rowsValid = (values: Pick<DeviceTypeValues, 'structure' | 'metadata'>) =>
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
    messages: nameAndDescriptionMessages,
  });
  const structure = useController({ control: form.control, name: 'structure' });
  const metadata = useController({ control: form.control, name: 'metadata' });
  const tried = form.formState.isSubmitted;

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
        <OwnerFields
          control={form.control}
          orgs={orgs}
          deviceType={deviceType}
          canChooseOrg={canChooseOrg}
          onDecoderDropped={() => form.setValue('decoderId', 0)}
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
