import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch, type UseFormSetValue } from 'react-hook-form';
import type { Device } from '../../../../contracts/device.ts';
import type { Ref } from '../../../../contracts/list.ts';
import { deviceTypeChoicesQuery } from '../../../api/device-types/queries.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { registryChoicesQuery } from '../../../api/registries/queries.ts';
import {
  choicesOf,
  organisationOptions,
  ownedOptions,
  type OrganisationChoice,
  type OwnedChoice,
} from '../../../lib/organisation-choices.ts';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import type { DeviceFormControl, DeviceFormValues } from './device-form-model.ts';
import { availabilityLabels } from './labels.ts';

/**
 * A link picker's options: none, then what the organisation may link to, and
 * the device's own link while it stays in its organisation, even when the
 * choices lack it (a link the user cannot see stays valid).
 */
function linkOptions(
  none: string,
  choices: readonly OwnedChoice[] | undefined,
  orgs: readonly OrganisationChoice[],
  orgUuid: string,
  kept: Ref | null,
) {
  const options = ownedOptions(choicesOf(choices ?? [], orgs, orgUuid));
  const shown =
    kept && !options.some((o) => o.value === kept.id)
      ? [{ value: kept.id, label: kept.name }, ...options]
      : options;
  return [{ value: '' as const, label: none }, ...shown];
}

/** Clears a link the chosen organisation may not have, once the choices are known. */
function useLinkFits(
  name: 'registryId' | 'deviceTypeId',
  control: DeviceFormControl,
  setValue: UseFormSetValue<DeviceFormValues>,
  options: readonly { value: number | '' }[] | null,
) {
  const value = useWatch({ control, name });
  useEffect(() => {
    if (options && value !== '' && !options.some((o) => o.value === value))
      setValue(name, '', { shouldDirty: true });
  }, [name, value, options, setValue]);
}

/** What the device is and whose: name, unique name, organisation, registry, type, use. */
export function DeviceIdentityFields({
  control,
  setValue,
  device,
}: {
  control: DeviceFormControl;
  setValue: UseFormSetValue<DeviceFormValues>;
  device: Device | undefined;
}) {
  const { t, i18n } = useLingui();
  const orgs = useQuery(organisationChoicesQuery());
  const registries = useQuery(registryChoicesQuery());
  const types = useQuery(deviceTypeChoicesQuery());
  const orgUuid = useWatch({ control, name: 'orgUuid' });
  // The device's own links are kept only while it stays in its organisation.
  const own = device && device.org.uuid === orgUuid ? device : undefined;
  const registryOptions = linkOptions(
    t`None`,
    registries.data,
    orgs.data ?? [],
    orgUuid,
    own?.registry ?? null,
  );
  const typeOptions = linkOptions(
    t`None`,
    types.data,
    orgs.data ?? [],
    orgUuid,
    own?.deviceType ?? null,
  );
  const known = Boolean(orgs.data);
  useLinkFits('registryId', control, setValue, known && registries.data ? registryOptions : null);
  useLinkFits('deviceTypeId', control, setValue, known && types.data ? typeOptions : null);
  const orgOptions = orgs.data
    ? organisationOptions(orgs.data)
    : device
      ? [{ value: device.org.uuid, label: device.org.name }]
      : [];
  // A device of an organisation outside the picker's list still shows its own.
  if (device && !orgOptions.some((o) => o.value === device.org.uuid))
    orgOptions.unshift({ value: device.org.uuid, label: device.org.name });
  return (
    <FormSection>
      <legend>
        <Trans>Device</Trans>
      </legend>
      <FormGrid>
        <TextInput control={control} name="name" label={t`Name`} required maxLength={200} />
        <TextInput control={control} name="uniqueName" label={t`Unique name`} maxLength={100} />
        <SelectInput
          control={control}
          name="orgUuid"
          label={t`Organisation`}
          options={orgOptions}
        />
        <SelectInput
          control={control}
          name="registryId"
          label={t`Registry`}
          options={registryOptions}
        />
        <SelectInput
          control={control}
          name="deviceTypeId"
          label={t`Device type`}
          options={typeOptions}
        />
        <SelectInput
          control={control}
          name="availability"
          label={t`Availability`}
          options={(['free', 'busy'] as const).map((value) => ({
            value,
            label: i18n._(availabilityLabels[value]),
          }))}
        />
        <SelectInput
          control={control}
          name="communication"
          label={t`Communication`}
          options={[
            { value: 'allowed', label: t`Allowed` },
            { value: 'blocked', label: t`Blocked` },
          ]}
        />
        <div className="wide">
          <TextAreaInput control={control} name="description" label={t`Description`} />
        </div>
      </FormGrid>
    </FormSection>
  );
}
