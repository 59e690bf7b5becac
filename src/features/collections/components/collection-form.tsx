import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  CollectionCreate,
  collectionStates,
  type Collection,
  type CollectionState,
} from '../../../../contracts/collection.ts';
import { NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import { projectChoicesQuery } from '../../../api/projects/queries.ts';
import { organisationOptions, type OrganisationChoice } from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { nameAndDescriptionMessages } from '../../../ui/form/name-messages.ts';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { stateLabel } from './collection-labels.ts';

interface Values {
  name: string;
  description: string;
  state: CollectionState;
  endOfService: string;
  /** A project's id as the select holds it; '' for none. */
  projectId: string;
  orgUuid: string;
}

const toBody = (values: Values): CollectionCreate => ({
  name: values.name.trim(),
  description: textOrNull(values.description),
  state: values.state,
  endOfService: values.endOfService === '' ? null : values.endOfService,
  projectId: values.projectId === '' ? null : Number(values.projectId),
  orgUuid: values.orgUuid,
});

/**
 * Create or edit a data collection: name, description, state, end of
 * service, its project (one of those the user sees; the server keeps it to
 * the collection's organisation or one above) and its organisation. The
 * device measuring for it is assigned on its page.
 */
export function CollectionForm({
  collection,
  orgs,
  defaultOrg,
  defaultProject,
  canChooseOrg,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  collection?: Collection;
  orgs: readonly OrganisationChoice[];
  defaultOrg: string;
  defaultProject?: number | undefined;
  canChooseOrg: boolean;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (body: CollectionCreate) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const projects = useQuery(projectChoicesQuery());
  const form = useContractForm({
    schema: CollectionCreate,
    defaultValues: {
      name: collection?.name ?? '',
      description: collection?.description ?? '',
      state: collection?.state ?? 'active',
      endOfService: collection?.endOfService ?? '',
      projectId: String(collection?.project?.id ?? defaultProject ?? ''),
      orgUuid: collection?.org.uuid ?? defaultOrg,
    },
    toBody,
    messages: nameAndDescriptionMessages,
  });

  const orgOptions = organisationOptions(orgs);
  if (collection && !orgOptions.some((o) => o.value === collection.org.uuid)) {
    orgOptions.unshift({ value: collection.org.uuid, label: collection.org.name });
  }
  const projectOptions = [
    { value: '', label: t`No project` },
    ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.title })),
  ];
  const current = collection?.project;
  if (current && !projectOptions.some((o) => o.value === String(current.id)))
    projectOptions.push({ value: String(current.id), label: current.name });

  return (
    <Card
      as="form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={collection ? t`Edit data collection` : t`New data collection`}
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
          name="projectId"
          label={t`Project`}
          options={projectOptions}
          help={projects.isError ? <Trans>The projects could not be loaded.</Trans> : undefined}
        />
        <SelectInput
          control={form.control}
          name="state"
          label={t`State`}
          options={collectionStates.map((value) => ({ value, label: stateLabel(value, i18n) }))}
        />
        <TextInput
          control={form.control}
          name="endOfService"
          label={t`End of service`}
          type="date"
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
          {collection ? <Trans>Save</Trans> : <Trans>Create</Trans>}
        </Button>
      </FormActions>
    </Card>
  );
}
