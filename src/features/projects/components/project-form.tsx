import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { format } from 'date-fns';
import { NAME_MAX_LENGTH } from '../../../../contracts/list.ts';
import { ProjectCreate, type Project } from '../../../../contracts/project.ts';
import { organisationOptions, type OrganisationChoice } from '../../../lib/organisation-choices.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { nameAndDescriptionMessages } from '../../../ui/form/name-messages.ts';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { formatPhone } from '../../../lib/phone.ts';

interface Values {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  orgUuid: string;
}

const toBody = (values: Values): ProjectCreate => ({
  title: values.title.trim(),
  description: textOrNull(values.description),
  startDate: values.startDate,
  endDate: values.endDate,
  contact: {
    firstName: textOrNull(values.firstName),
    lastName: textOrNull(values.lastName),
    email: textOrNull(values.email),
    phone: textOrNull(formatPhone(values.phone)),
  },
  orgUuid: values.orgUuid,
});

const messages = {
  title: nameAndDescriptionMessages.name,
  description: nameAndDescriptionMessages.description,
  startDate: { '*': msg`Start date is required` },
  endDate: { '*': msg`End date is required` },
};

/** Today, as a date field holds it (local). */
const today = () => format(new Date(), 'yyyy-MM-dd');

/**
 * Create or edit a project (spec §3 Project, §5): title, start and end date
 * (required; the start no later than the end), description, the contact on
 * site and the customer organisation. The user's input stays when the server
 * refuses it; its message shows above the buttons.
 */
export function ProjectForm({
  project,
  orgs,
  defaultOrg,
  canChooseOrg,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  project?: Project;
  orgs: readonly OrganisationChoice[];
  defaultOrg: string;
  /** False when the user may not move the project to another organisation. */
  canChooseOrg: boolean;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (body: ProjectCreate) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const form = useContractForm({
    schema: ProjectCreate,
    defaultValues: {
      title: project?.title ?? '',
      description: project?.description ?? '',
      startDate: project?.startDate ?? today(),
      endDate: project?.endDate ?? '',
      firstName: project?.contact.firstName ?? '',
      lastName: project?.contact.lastName ?? '',
      email: project?.contact.email ?? '',
      phone: project?.contact.phone ?? '',
      orgUuid: project?.org.uuid ?? defaultOrg,
    },
    toBody,
    messages,
    check: (values) => ({
      // Days as YYYY-MM-DD compare as text (spec §5 Project).
      endDate:
        values.startDate && values.endDate && values.startDate > values.endDate
          ? t`Start date can not be later than End date!`
          : undefined,
    }),
  });

  const orgOptions = organisationOptions(orgs);
  if (project && !orgOptions.some((o) => o.value === project.org.uuid)) {
    orgOptions.unshift({ value: project.org.uuid, label: project.org.name });
  }

  return (
    <Card
      as="form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={project ? t`Edit project` : t`New project`}
    >
      <FormGrid>
        <TextInput
          control={form.control}
          name="title"
          label={t`Title`}
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
        <TextInput
          control={form.control}
          name="startDate"
          label={t`Start date`}
          type="date"
          required
        />
        <TextInput control={form.control} name="endDate" label={t`End date`} type="date" required />
        <div className="wide">
          <TextAreaInput control={form.control} name="description" label={t`Description`} />
        </div>
        <TextInput control={form.control} name="firstName" label={t`Contact's first name`} />
        <TextInput control={form.control} name="lastName" label={t`Contact's last name`} />
        <TextInput control={form.control} name="email" label={t`Contact's e-mail`} type="email" />
        <TextInput control={form.control} name="phone" label={t`Contact's phone`} type="tel" />
      </FormGrid>
      <FormError message={error} />
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy}>
          {project ? <Trans>Save</Trans> : <Trans>Create</Trans>}
        </Button>
      </FormActions>
    </Card>
  );
}
