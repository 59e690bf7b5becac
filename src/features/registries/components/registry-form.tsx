import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { OrganisationChoice } from '../../../lib/organisation-choices.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
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
import {
  protocols,
  regions,
  REGISTRY_DESCRIPTION_MAX,
  REGISTRY_NAME_MAX,
  type Protocol,
  type Registry,
  type RegistryInput,
} from '../api/queries.ts';

interface Draft {
  name: string;
  description: string;
  protocol: Protocol;
  region: string;
  orgUuid: string;
}

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
  onSubmit: (input: RegistryInput) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const atMost = (max: number) => t`At most ${max} characters.`;
  const [draft, setDraft] = useState<Draft>(() => ({
    name: registry?.name ?? '',
    description: registry?.description ?? '',
    protocol: registry?.protocol ?? 'mqtt',
    region: registry?.region ?? 'europe',
    orgUuid: registry?.org.uuid ?? defaultOrg,
  }));
  const [tried, setTried] = useState(false);

  const name = draft.name.trim();
  const nameError = !name
    ? t`A name is required.`
    : name.length > REGISTRY_NAME_MAX
      ? atMost(REGISTRY_NAME_MAX)
      : undefined;
  const descriptionError =
    draft.description.length > REGISTRY_DESCRIPTION_MAX
      ? atMost(REGISTRY_DESCRIPTION_MAX)
      : undefined;

  const orgOptions = organisationOptions(orgs);
  // A registry of an organisation outside the picker's list still shows its own.
  if (registry && !orgOptions.some((o) => o.value === registry.org.uuid)) {
    orgOptions.unshift({ value: registry.org.uuid, label: registry.org.name });
  }
  const protocolLabels: Record<Protocol, string> = {
    http: 'HTTP',
    mqtt: 'MQTT',
    none: t`None`,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError || descriptionError) return;
    onSubmit({
      name,
      description: draft.description.trim() ? draft.description : null,
      protocol: draft.protocol,
      region: draft.region,
      orgUuid: draft.orgUuid,
    });
  };

  return (
    <Card
      as="form"
      onSubmit={submit}
      noValidate
      aria-label={registry ? t`Edit registry` : t`New registry`}
    >
      <FormGrid>
        <TextField
          label={t`Name`}
          value={draft.name}
          maxLength={REGISTRY_NAME_MAX}
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
          onChange={(orgUuid) => setDraft({ ...draft, orgUuid })}
        />
        <SelectField
          label={t`Protocol`}
          value={draft.protocol}
          options={protocols.map((value) => ({ value, label: protocolLabels[value] }))}
          help={<Trans>How its devices send data: MQTT, HTTP POST, or not at all.</Trans>}
          onChange={(protocol) => setDraft({ ...draft, protocol })}
        />
        <SelectField
          label={t`Region`}
          value={draft.region}
          options={regions.map((value) => ({ value, label: t`Europe` }))}
          onChange={(region) => setDraft({ ...draft, region })}
        />
        <div className="wide">
          <TextAreaField
            label={t`Description`}
            value={draft.description}
            maxLength={REGISTRY_DESCRIPTION_MAX}
            error={tried ? descriptionError : undefined}
            onChange={(event) => setDraft({ ...draft, description: event.target.value })}
          />
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
