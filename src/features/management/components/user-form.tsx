import { useLingui } from '@lingui/react/macro';
import type { GroupId, User } from '../../../../contracts/user.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions } from '../../../ui/form/fields.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { userBody, userChecks, UserFields, userMessages, userValues } from './user-form-model.ts';
import { AccessSection, ProfileSection, SocialSection } from './user-form-sections.tsx';

/**
 * Create or edit a user. `admin` says whether the organisation and group may
 * be set (a manager editing someone else, or creating); the group offered
 * goes no higher than the editor's own.
 */
export function UserForm({
  user,
  admin,
  myGroup,
  defaultOrg,
  saving,
  onSubmit,
  onCancel,
}: {
  user?: User;
  admin: boolean;
  myGroup: GroupId;
  defaultOrg: string;
  saving: boolean;
  onSubmit: (body: UserFields) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useContractForm({
    schema: UserFields,
    defaultValues: userValues(user, defaultOrg),
    toBody: userBody(admin),
    messages: userMessages,
    check: userChecks(i18n, user),
  });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <ProfileSection form={form} user={user} />
      <SocialSection form={form} />
      {admin ? <AccessSection form={form} myGroup={myGroup} /> : null}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel} disabled={saving}>
          {t`Cancel`}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t`Saving…` : t`Save`}
        </Button>
      </FormActions>
    </form>
  );
}
