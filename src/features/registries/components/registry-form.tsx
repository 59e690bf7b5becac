import { Trans, useLingui } from '@lingui/react/macro';
import { NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import {
  protocols,
  regions,
  RegistryCreate,
  type Protocol,
  type Region,
  type Registry,
} from '../../../../contracts/registry.ts';
import { organisationOptions, type OrganisationChoice } from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { nameAndDescriptionMessages } from '../../../ui/form/name-messages.ts';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { protocolLabel } from './protocol-label.ts';

interface Values {
  name: string;
  description: string;
  protocol: Protocol;
  region: Region;
  orgUuid: string;
}

const toBody = (values: Values): RegistryCreate => ({
  name: values.name.trim(),
  description: textOrNull(values.description),
  protocol: values.protocol,
  region: values.region,
  orgUuid: values.orgUuid,
});

/**
 * Create or edit a registry: name, description, protocol, region and the
 * customer organisation, chosen among those the user works in. The user's
 * input stays when the server refuses it; its message shows above the buttons.
 */
export function RegistryForm({
  registry,
  orgs,
  defaultOrg,
  canChooseOrg,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  registry?: Registry;
  orgs: readonly OrganisationChoice[];
  defaultOrg: string;
  /** False when the user may not move the registry to another organisation. */
  canChooseOrg: boolean;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (body: RegistryCreate) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useContractForm({
    schema: RegistryCreate,
    defaultValues: {
      name: registry?.name ?? '',
      description: registry?.description ?? '',
      protocol: registry?.protocol ?? 'mqtt',
      region: 'europe',
      orgUuid: registry?.org.uuid ?? defaultOrg,
    },
    toBody,
    messages: nameAndDescriptionMessages,
  });

  const orgOptions = organisationOptions(orgs);
  // A registry of an organisation outside the picker's list still shows its own.
  if (registry && !orgOptions.some((o) => o.value === registry.org.uuid)) {
    orgOptions.unshift({ value: registry.org.uuid, label: registry.org.name });
  }

  return (
    <Card
      as="form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={registry ? t`Edit registry` : t`New registry`}
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
        <SelectInput
          control={form.control}
          name="orgUuid"
          label={t`Organisation`}
          options={orgOptions}
          disabled={!canChooseOrg}
          help={
            canChooseOrg ? undefined : (
              <Trans>Your group may not move it to another organisation.</Trans>
            )
          }
        />
        <SelectInput
          control={form.control}
          name="protocol"
          label={t`Protocol`}
          options={protocols.map((value) => ({ value, label: protocolLabel(value, i18n) }))}
          help={<Trans>How its devices send data: MQTT, HTTP POST, or not at all.</Trans>}
        />
        <SelectInput
          control={form.control}
          name="region"
          label={t`Region`}
          options={regions.map((value) => ({ value, label: t`Europe` }))}
        />
        <div className="wide">
          <TextAreaInput control={form.control} name="description" label={t`Description`} />
        </div>
      </FormGrid>
      <FormError message={error} />
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy}>
          {registry ? <Trans>Save</Trans> : <Trans>Create</Trans>}
        </Button>
      </FormActions>
    </Card>
  );
}
