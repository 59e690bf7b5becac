import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { MetadataEditor } from '../../../ui/metadata/metadata-editor.tsx';
import {
  checkMetadata,
  metadataOf,
  metadataRowsOf,
  type MetadataRow,
} from '../../../ui/metadata/metadata-entries.ts';
import { newRowId } from '../../../ui/metadata/row-editor.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import type { Organisation, OrganisationCreate } from '../../../../contracts/organisation.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { formatPhone, isWebUrl, orNull } from './validation.ts';
import { FieldGrid, FormActions, FormSection, SelectField } from './fields.tsx';

type Key =
  | 'name'
  | 'nickname'
  | 'parentUuid'
  | 'address'
  | 'zip'
  | 'city'
  | 'region'
  | 'country'
  | 'website'
  | 'taxNumber'
  | 'eanNumber'
  | 'phone';
type Values = Record<Key, string>;

const fromOrg = (org: Organisation | undefined, parent: string): Values => ({
  name: org?.name ?? '',
  nickname: org?.nickname ?? '',
  parentUuid: org ? (org.parent?.uuid ?? '') : parent,
  address: org?.address ?? '',
  zip: org?.zip ?? '',
  city: org?.city ?? '',
  region: org?.region ?? '',
  country: org?.country ?? (org ? '' : 'Danmark'),
  website: org?.website ?? '',
  taxNumber: org?.taxNumber ?? '',
  eanNumber: org?.eanNumber ?? '',
  phone: org?.phone ?? '',
});

const limits: Record<Key, number> = {
  name: 200,
  nickname: 100,
  parentUuid: 36,
  address: 200,
  zip: 20,
  city: 100,
  region: 100,
  country: 100,
  website: 2000,
  taxNumber: 50,
  eanNumber: 50,
  phone: 40,
};

/**
 * Create or edit an organisation (spec §5: name, address, city, zip, country
 * and parent are required; the website must be a valid URL). The parent is
 * chosen among the organisations the user may use, never the organisation
 * itself or one below it; `parentLocked` keeps it (one's own organisation).
 * `metadata` is the organisation's current metadata; it is sent only when
 * changed, so saving other fields never overwrites it.
 */
export function OrgForm({
  org,
  metadata = {},
  defaultParent,
  parentLocked,
  saving,
  onSubmit,
  onCancel,
}: {
  org?: Organisation;
  metadata?: Readonly<Record<string, unknown>>;
  defaultParent: string;
  parentLocked: boolean;
  saving: boolean;
  onSubmit: (input: OrganisationCreate) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>(() => fromOrg(org, defaultParent));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [metadataRows, setMetadataRows] = useState<MetadataRow[]>(() =>
    metadataRowsOf(metadata, newRowId),
  );
  const [tried, setTried] = useState(false);
  const orgs = useQuery(organisationChoicesQuery());
  // The top organisation has no parent and keeps none.
  const needsParent = !org || org.parent !== null;
  const below = org ? descendants(orgs.data ?? [], org.uuid) : new Set<string>();
  const parents = (orgs.data ?? []).filter((o) => !below.has(o.uuid));

  const field = (key: Key, label: string, required = false) => ({
    label: required ? `${label} *` : label,
    value: values[key],
    maxLength: limits[key],
    required,
    error: errors[key] ?? false,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((old) => ({ ...old, [key]: value }));
      setErrors((old) => ({ ...old, [key]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found: Partial<Record<Key, string>> = {};
    const required: [Key, string][] = [
      ['name', t`Name is required`],
      ['address', t`Address is required`],
      ['zip', t`Zip code is required`],
      ['city', t`City is required`],
      ['country', t`Country is required`],
    ];
    for (const [key, message] of required) if (!values[key].trim()) found[key] = message;
    if (needsParent && !values.parentUuid) found.parentUuid = t`Parent organisation is required`;
    if (values.website.trim() && !isWebUrl(values.website)) found.website = t`Not a valid URL`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !checkMetadata(metadataRows).valid) return;
    const nextMetadata = metadataOf(metadataRows);
    const metadataChanged = JSON.stringify(nextMetadata) !== JSON.stringify(metadata);
    onSubmit({
      name: values.name.trim(),
      nickname: orNull(values.nickname),
      parentUuid: values.parentUuid,
      address: values.address.trim(),
      zip: values.zip.trim(),
      city: values.city.trim(),
      region: orNull(values.region),
      country: values.country.trim(),
      website: orNull(values.website),
      taxNumber: orNull(values.taxNumber),
      eanNumber: orNull(values.eanNumber),
      phone: orNull(formatPhone(values.phone)),
      ...(metadataChanged ? { metadata: nextMetadata } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormSection>
        <legend>{t`Organisation`}</legend>
        <FieldGrid>
          <TextField {...field('name', t`Name`, true)} autoComplete="organization" />
          <TextField {...field('nickname', t`Nickname`)} />
          {needsParent ? (
            <SelectField
              label={`${t`Parent organisation`} *`}
              value={values.parentUuid}
              disabled={parentLocked}
              error={errors.parentUuid ?? false}
              onChange={(event) => {
                const value = event.target.value;
                setValues((old) => ({ ...old, parentUuid: value }));
                setErrors((old) => ({ ...old, parentUuid: undefined }));
              }}
            >
              <option value="">{orgs.isPending ? t`Loading…` : t`Choose an organisation`}</option>
              {parents.map((o) => (
                <option key={o.uuid} value={o.uuid}>
                  {o.name}
                </option>
              ))}
              {org?.parent && !parents.some((o) => o.uuid === org.parent?.uuid) ? (
                <option value={org.parent.uuid}>{org.parent.name}</option>
              ) : null}
            </SelectField>
          ) : null}
          <TextField
            {...field('phone', t`Phone`)}
            type="tel"
            onBlur={() => setValues((old) => ({ ...old, phone: formatPhone(old.phone) }))}
          />
          <TextField {...field('website', t`Website`)} type="url" placeholder="https://" />
        </FieldGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Address`}</legend>
        <FieldGrid>
          <TextField {...field('address', t`Address`, true)} autoComplete="street-address" />
          <TextField {...field('zip', t`Zip code`, true)} autoComplete="postal-code" />
          <TextField {...field('city', t`City`, true)} autoComplete="address-level2" />
          <TextField {...field('region', t`Region`)} autoComplete="address-level1" />
          <TextField {...field('country', t`Country`, true)} autoComplete="country-name" />
        </FieldGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Invoicing`}</legend>
        <FieldGrid>
          <TextField {...field('taxNumber', t`Tax registration number`)} />
          <TextField {...field('eanNumber', t`EAN number`)} />
        </FieldGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Metadata`}</legend>
        <MetadataEditor rows={metadataRows} showMissing={tried} onChange={setMetadataRows} />
      </FormSection>
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

/** The organisation and every organisation below it: never a valid new parent. */
function descendants(orgs: readonly Organisation[], root: string): Set<string> {
  const found = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of orgs) {
      if (o.parent && found.has(o.parent.uuid) && !found.has(o.uuid)) {
        found.add(o.uuid);
        grew = true;
      }
    }
  }
  return found;
}
