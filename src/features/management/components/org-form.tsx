import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Type, type Static } from 'typebox';
import { OrganisationCreate, type Organisation } from '../../../../contracts/organisation.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { countryOptions, knownCountry } from '../../../lib/countries.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
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
import { formatPhone } from '../../../lib/phone.ts';
import { isWebUrl } from './form-rules.ts';
import { PhoneInput } from './phone-input.tsx';

/** What the form sends: a new organisation's fields; the parent left out for the top organisation. */
const OrganisationFields = Type.Object(
  {
    ...OrganisationCreate.properties,
    parentUuid: Type.Optional(OrganisationCreate.properties.parentUuid),
  },
  { additionalProperties: false },
);
export type OrganisationFields = Static<typeof OrganisationFields>;

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
  // Text kept from before countries were codes names none: the form asks for one.
  country: org ? (org.country && knownCountry(org.country) ? org.country : '') : 'DK',
  website: org?.website ?? '',
  taxNumber: org?.taxNumber ?? '',
  eanNumber: org?.eanNumber ?? '',
  phone: org?.phone ?? '',
});

const toBody =
  (needsParent: boolean) =>
  (values: Values): OrganisationFields => ({
    name: values.name.trim(),
    nickname: textOrNull(values.nickname),
    ...(needsParent ? { parentUuid: values.parentUuid } : {}),
    address: values.address.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    region: textOrNull(values.region),
    country: values.country.trim(),
    website: textOrNull(values.website),
    taxNumber: textOrNull(values.taxNumber),
    eanNumber: textOrNull(values.eanNumber),
    phone: textOrNull(formatPhone(values.phone)),
  });

const required = (message: ReturnType<typeof msg>) => ({
  required: message,
  minLength: message,
  pattern: message,
});
const messages = {
  name: required(msg`Name is required`),
  address: required(msg`Address is required`),
  zip: required(msg`Zip code is required`),
  city: required(msg`City is required`),
  country: required(msg`Country is required`),
  parentUuid: { '*': msg`Parent organisation is required` },
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
  onSubmit: (body: OrganisationFields) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  // The top organisation has no parent and keeps none.
  const needsParent = !org || org.parent !== null;
  const form = useContractForm({
    schema: OrganisationFields,
    defaultValues: fromOrg(org, defaultParent),
    toBody: toBody(needsParent),
    messages,
    check: (values: Values) => ({
      website: values.website.trim() && !isWebUrl(values.website) ? t`Not a valid URL` : undefined,
    }),
  });
  const [metadataRows, setMetadataRows] = useState<MetadataRow[]>(() =>
    metadataRowsOf(metadata, newRowId),
  );
  const [tried, setTried] = useState(false);
  const orgs = useQuery(organisationChoicesQuery());
  const below = org ? descendants(orgs.data ?? [], org.uuid) : new Set<string>();
  const parents = (orgs.data ?? []).filter((o) => !below.has(o.uuid));
  const parentOptions = [
    { value: '', label: orgs.isPending ? t`Loading…` : t`Choose an organisation` },
    ...parents.map((o) => ({ value: o.uuid, label: o.name })),
    ...(org?.parent && !parents.some((o) => o.uuid === org.parent?.uuid)
      ? [{ value: org.parent.uuid, label: org.parent.name }]
      : []),
  ];

  const language = localeOf(i18n.locale);
  const countries = useMemo(() => countryOptions(language), [language]);
  const countryChoices = [{ value: '', label: t`Choose a country` }, ...countries];

  const submit = (event: FormEvent) => {
    setTried(true);
    void form.handleSubmit((body) => {
      if (!checkMetadata(metadataRows).valid) return;
      const nextMetadata = metadataOf(metadataRows);
      const metadataChanged = JSON.stringify(nextMetadata) !== JSON.stringify(metadata);
      onSubmit({ ...body, ...(metadataChanged ? { metadata: nextMetadata } : {}) });
    })(event);
  };
  const text = (name: Key, label: string, maxLength: number, isRequired = false) => ({
    control: form.control,
    name,
    label: isRequired ? `${label} *` : label,
    maxLength,
    required: isRequired,
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormSection>
        <legend>{t`Organisation`}</legend>
        <FormGrid>
          <TextInput {...text('name', t`Name`, 200, true)} autoComplete="organization" />
          <TextInput {...text('nickname', t`Nickname`, 100)} />
          {needsParent ? (
            <SelectInput
              control={form.control}
              name="parentUuid"
              label={`${t`Parent organisation`} *`}
              options={parentOptions}
              disabled={parentLocked}
            />
          ) : null}
          <PhoneInput form={form} name="phone" label={t`Phone`} />
          <TextInput {...text('website', t`Website`, 2000)} type="url" placeholder="https://" />
        </FormGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Address`}</legend>
        <FormGrid>
          <TextInput {...text('address', t`Address`, 200, true)} autoComplete="street-address" />
          <TextInput {...text('zip', t`Zip code`, 20, true)} autoComplete="postal-code" />
          <TextInput {...text('city', t`City`, 100, true)} autoComplete="address-level2" />
          <TextInput {...text('region', t`Region`, 100)} autoComplete="address-level1" />
          <SelectInput
            control={form.control}
            name="country"
            label={`${t`Country`} *`}
            options={countryChoices}
          />
        </FormGrid>
      </FormSection>
      <FormSection>
        <legend>{t`Invoicing`}</legend>
        <FormGrid>
          <TextInput {...text('taxNumber', t`Tax registration number`, 50)} />
          <TextInput {...text('eanNumber', t`EAN number`, 50)} />
        </FormGrid>
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
