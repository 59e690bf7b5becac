import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNotify } from '../../../lib/notifications.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { pictureTypes } from '../../../../contracts/device-picture.ts';
import {
  USER_IMAGE_MAX_BYTES,
  type GroupId,
  type Language,
  type User,
  type UserCreate,
} from '../../../../contracts/user.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useRemoveUserImage, useUploadUserImage } from '../../../api/users/mutations.ts';
import { isUploadedImageOf } from './user-name.ts';
import { formatPhone, isEmail, isWebUrl, orNull } from './validation.ts';

/** What the form hands over: a new user's body, the organisation left out when it is not set here. */
export type UserInput = Omit<UserCreate, 'orgUuid'> & { orgUuid?: string };
import {
  CheckField,
  FieldGrid,
  FormActions,
  FormSection,
  SelectField,
  TextAreaField,
} from './fields.tsx';
import { groupLabels, languageLabels } from './labels.ts';

/** The social profiles a user can link (keys as the API stores them). */
export const SOCIAL_KEYS = ['linkedin', 'twitter', 'facebook', 'instagram', 'github'] as const;
const socialLabels = {
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  github: 'GitHub',
} as const;

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  mobile: string;
  orgUuid: string;
  groupId: GroupId;
  language: Language;
  bio: string;
  birthday: string;
  position: string;
  location: string;
  tags: string;
  newsletter: boolean;
  social: Record<string, string>;
  img: string;
  recoveryEmail: string;
}

const fromUser = (user: User | undefined, defaultOrg: string): Values => ({
  email: user?.email ?? '',
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  phone: user?.phone ?? '',
  mobile: user?.mobile ?? '',
  orgUuid: user?.org.uuid ?? defaultOrg,
  groupId: user?.group.id ?? 3,
  language: user?.language ?? 'da',
  bio: user?.bio ?? '',
  birthday: user?.birthday ?? '',
  position: user?.position ?? '',
  location: user?.location ?? '',
  tags: (user?.tags ?? []).join(', '),
  newsletter: user?.newsletter ?? false,
  social: { ...(user?.social ?? {}) },
  img: user?.img ?? '',
  recoveryEmail: user?.recoveryEmail ?? '',
});

type Errors = Partial<Record<keyof Values | `social.${string}`, string>>;

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
  onSubmit: (input: UserInput) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<Values>(() => fromUser(user, defaultOrg));
  const [errors, setErrors] = useState<Errors>({});
  const orgs = useQuery({ ...organisationChoicesQuery(), enabled: admin });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  const text = (
    key: 'firstName' | 'lastName' | 'position' | 'location' | 'img' | 'recoveryEmail',
  ) => ({
    value: values[key],
    error: errors[key] ?? false,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const validate = (): Errors => {
    const found: Errors = {};
    if (!values.email.trim()) found.email = t`E-mail is required`;
    else if (!isEmail(values.email)) found.email = t`Not a valid e-mail address`;
    if (!values.orgUuid) found.orgUuid = t`Organisation is required`;
    if (values.recoveryEmail.trim() && !isEmail(values.recoveryEmail))
      found.recoveryEmail = t`Not a valid e-mail address`;
    const img = values.img.trim();
    if (img && !isWebUrl(img) && !(user && isUploadedImageOf(user.uuid, img)))
      found.img = t`Not a valid URL`;
    for (const key of SOCIAL_KEYS) {
      const url = values.social[key]?.trim();
      if (url && !isWebUrl(url)) found[`social.${key}`] = t`Not a valid URL`;
    }
    const tags = splitTags(values.tags);
    if (tags.length > 50 || tags.some((tag) => tag.length > 50))
      found.tags = t`At most 50 tags of at most 50 characters`;
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const social = Object.fromEntries(
      Object.entries(values.social)
        .map(([key, url]) => [key, url.trim()] as const)
        .filter(([, url]) => url !== ''),
    );
    onSubmit({
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: orNull(formatPhone(values.phone)),
      mobile: orNull(formatPhone(values.mobile)),
      language: values.language,
      bio: orNull(values.bio),
      birthday: orNull(values.birthday),
      position: orNull(values.position),
      location: orNull(values.location),
      tags: splitTags(values.tags),
      newsletter: values.newsletter,
      social,
      img: orNull(values.img),
      recoveryEmail: orNull(values.recoveryEmail),
      ...(admin ? { orgUuid: values.orgUuid, groupId: values.groupId } : {}),
    });
  };

  const groups = ([1, 2, 3] as const).filter((id) => id >= myGroup);
  return (
    <form onSubmit={submit} noValidate>
      <FormSection>
        <legend>{t`Profile`}</legend>
        <FieldGrid>
          <TextField
            label={t`First name`}
            maxLength={100}
            autoComplete="off"
            {...text('firstName')}
          />
          <TextField
            label={t`Last name`}
            maxLength={100}
            autoComplete="off"
            {...text('lastName')}
          />
          <TextField
            label={t`E-mail`}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={values.email}
            error={errors.email ?? false}
            onChange={(event) => set('email', event.target.value)}
          />
          <TextField
            label={t`Phone`}
            type="tel"
            maxLength={40}
            value={values.phone}
            onChange={(event) => set('phone', event.target.value)}
            onBlur={() => set('phone', formatPhone(values.phone))}
          />
          <TextField
            label={t`Mobile`}
            type="tel"
            maxLength={40}
            value={values.mobile}
            onChange={(event) => set('mobile', event.target.value)}
            onBlur={() => set('mobile', formatPhone(values.mobile))}
          />
          <TextField label={t`Position`} maxLength={200} {...text('position')} />
          <TextField label={t`Location`} maxLength={200} {...text('location')} />
          <TextField
            label={t`Birthday`}
            type="date"
            value={values.birthday}
            onChange={(event) => set('birthday', event.target.value)}
          />
          <SelectField
            label={t`Language`}
            value={values.language}
            onChange={(event) => set('language', event.target.value === 'en' ? 'en' : 'da')}
          >
            {(['da', 'en'] as const).map((code) => (
              <option key={code} value={code}>
                {i18n._(languageLabels[code])}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t`Tags`}
            help={t`Separated by commas`}
            value={values.tags}
            error={errors.tags ?? false}
            onChange={(event) => set('tags', event.target.value)}
          />
          <ImageField
            user={user}
            field={text('img')}
            onUploaded={(img) => setValues((old) => ({ ...old, img }))}
          />
          <TextField
            label={t`Recovery e-mail`}
            type="email"
            maxLength={254}
            {...text('recoveryEmail')}
          />
          <TextAreaField
            className="wide"
            label={t`Bio`}
            maxLength={2000}
            value={values.bio}
            onChange={(event) => set('bio', event.target.value)}
          />
          <CheckField
            label={t`Receive the newsletter`}
            checked={values.newsletter}
            onChange={(checked) => set('newsletter', checked)}
          />
        </FieldGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Social profiles`}</legend>
        <FieldGrid>
          {SOCIAL_KEYS.map((key) => (
            <TextField
              key={key}
              label={socialLabels[key]}
              type="url"
              placeholder="https://"
              maxLength={2000}
              value={values.social[key] ?? ''}
              error={errors[`social.${key}`] ?? false}
              onChange={(event) => {
                const url = event.target.value;
                setValues((old) => ({ ...old, social: { ...old.social, [key]: url } }));
                setErrors((old) => ({ ...old, [`social.${key}`]: undefined }));
              }}
            />
          ))}
        </FieldGrid>
      </FormSection>
      {admin ? (
        <FormSection>
          <legend>{t`Organisation and access`}</legend>
          <FieldGrid>
            <SelectField
              label={t`Organisation`}
              required
              value={values.orgUuid}
              error={errors.orgUuid ?? false}
              onChange={(event) => set('orgUuid', event.target.value)}
            >
              <option value="">{orgs.isPending ? t`Loading…` : t`Choose an organisation`}</option>
              {(orgs.data ?? []).map((org) => (
                <option key={org.uuid} value={org.uuid}>
                  {org.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t`Group`}
              value={String(values.groupId)}
              onChange={(event) => {
                const id = groups.find((g) => String(g) === event.target.value);
                if (id) set('groupId', id);
              }}
            >
              {groups.map((id) => (
                <option key={id} value={id}>
                  {i18n._(groupLabels[id])}
                </option>
              ))}
            </SelectField>
          </FieldGrid>
        </FormSection>
      ) : null}
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

const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const ImageRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > :nth-child(2) {
    flex: 1 1 220px;
  }
`;

const UploadedNote = styled.p`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0;
  padding-bottom: 10px;
  color: ${({ theme }) => theme.colors.text};
  > span {
    font-size: 0.875rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The profile picture: a web address, or an image uploaded from this device
 * (JPEG, PNG or WebP up to 2 MB), which is saved at once. A user that does not
 * exist yet can only have an address.
 */
function ImageField({
  user,
  field,
  onUploaded,
}: {
  user: User | undefined;
  field: {
    value: string;
    error: string | boolean;
    onChange: (event: { target: { value: string } }) => void;
  };
  onUploaded: (img: string) => void;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const uploadImage = useUploadUserImage();
  const removeImage = useRemoveUserImage();
  const busy = uploadImage.isPending || removeImage.isPending;

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file || !user) return;
    if (
      !(pictureTypes as readonly string[]).includes(file.type) ||
      file.size > USER_IMAGE_MAX_BYTES
    ) {
      notify(t`Only JPEG, PNG and WebP images up to 2 MB can be uploaded.`, 'error');
      return;
    }
    try {
      onUploaded((await uploadImage.mutateAsync({ uuid: user.uuid, file })).img ?? '');
      notify(t`Images was uploaded`, 'success');
    } catch {
      notify(t`Images failed to upload! Please refresh browser and try again!`, 'error');
    }
  };
  const remove = async () => {
    if (!user) return;
    try {
      onUploaded((await removeImage.mutateAsync(user.uuid)).img ?? '');
      notify(t`Picture deleted`, 'success');
    } catch {
      notify(t`Picture not deleted`, 'error');
    }
  };
  const uploaded = user !== undefined && isUploadedImageOf(user.uuid, field.value);

  return (
    <ImageRow className="wide">
      <Avatar
        email={user?.email ?? ''}
        name={user ? `${user.firstName} ${user.lastName}` : ''}
        img={field.value.trim() || null}
        size={48}
      />
      {uploaded ? (
        // The address of an uploaded picture means nothing to people: say what it is.
        <UploadedNote>
          <span>{t`Image`}</span>
          {t`Uploaded picture`}
        </UploadedNote>
      ) : (
        <TextField
          label={t`Image (URL)`}
          type="url"
          maxLength={2000}
          help={user ? undefined : t`Save the user first to upload a picture`}
          {...field}
        />
      )}
      {user ? (
        <>
          <Button
            type="button"
            $variant="secondary"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {t`Upload picture`}
          </Button>
          {uploaded ? (
            <Button type="button" $variant="text" disabled={busy} onClick={() => void remove()}>
              {t`Remove picture`}
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept={pictureTypes.join(',')}
            aria-label={t`Upload picture`}
            hidden
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </>
      ) : null}
    </ImageRow>
  );
}
