import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { GroupId, User } from '../../../../contracts/user.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import { groupLabels, languageLabels } from './labels.ts';
import { PhoneInput } from './phone-input.tsx';
import { SOCIAL_KEYS, type UserFields, type UserValues } from './user-form-model.ts';
import { UserImageField } from './user-image-field.tsx';

type UserForm = UseFormReturn<UserValues, unknown, UserFields>;

const socialLabels = {
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  github: 'GitHub',
} as const;

/** What a person keeps on their profile: names, ways to reach them, picture, bio. */
export function ProfileSection({ form, user }: { form: UserForm; user: User | undefined }) {
  const { t, i18n } = useLingui();
  const { control } = form;
  return (
    <FormSection>
      <legend>{t`Profile`}</legend>
      <FormGrid>
        <TextInput
          control={control}
          name="firstName"
          label={t`First name`}
          maxLength={100}
          autoComplete="off"
        />
        <TextInput
          control={control}
          name="lastName"
          label={t`Last name`}
          maxLength={100}
          autoComplete="off"
        />
        <TextInput
          control={control}
          name="email"
          label={t`E-mail`}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
        />
        <PhoneInput form={form} name="phone" label={t`Phone`} />
        <PhoneInput form={form} name="mobile" label={t`Mobile`} />
        <TextInput control={control} name="position" label={t`Position`} maxLength={200} />
        <TextInput control={control} name="location" label={t`Location`} maxLength={200} />
        <TextInput control={control} name="birthday" label={t`Birthday`} type="date" />
        <SelectInput
          control={control}
          name="language"
          label={t`Language`}
          options={(['da', 'en'] as const).map((code) => ({
            value: code,
            label: i18n._(languageLabels[code]),
          }))}
        />
        <TextInput control={control} name="tags" label={t`Tags`} help={t`Separated by commas`} />
        <UserImageField form={form} user={user} />
        <TextInput
          control={control}
          name="recoveryEmail"
          label={t`Recovery e-mail`}
          type="email"
          maxLength={254}
        />
        <div className="wide">
          <TextAreaInput control={control} name="bio" label={t`Bio`} />
        </div>
        <CheckboxInput control={control} name="newsletter" label={t`Receive the newsletter`} />
      </FormGrid>
    </FormSection>
  );
}

export function SocialSection({ form }: { form: UserForm }) {
  const { t } = useLingui();
  return (
    <FormSection>
      <legend>{t`Social profiles`}</legend>
      <FormGrid>
        {SOCIAL_KEYS.map((key) => (
          <TextInput
            key={key}
            control={form.control}
            name={`social.${key}`}
            label={socialLabels[key]}
            type="url"
            placeholder="https://"
            maxLength={2000}
          />
        ))}
      </FormGrid>
    </FormSection>
  );
}

/** Where the user works and what they may do: a manager sets it, never above their own group. */
export function AccessSection({ form, myGroup }: { form: UserForm; myGroup: GroupId }) {
  const { t, i18n } = useLingui();
  const orgs = useQuery(organisationChoicesQuery());
  const groups = ([1, 2, 3] as const).filter((id) => id >= myGroup);
  return (
    <FormSection>
      <legend>{t`Organisation and access`}</legend>
      <FormGrid>
        <SelectInput
          control={form.control}
          name="orgUuid"
          label={t`Organisation`}
          options={[
            { value: '', label: orgs.isPending ? t`Loading…` : t`Choose an organisation` },
            ...(orgs.data ?? []).map((org) => ({ value: org.uuid, label: org.name })),
          ]}
        />
        <SelectInput
          control={form.control}
          name="groupId"
          label={t`Group`}
          options={groups.map((id) => ({ value: id, label: i18n._(groupLabels[id]) }))}
        />
      </FormGrid>
    </FormSection>
  );
}
