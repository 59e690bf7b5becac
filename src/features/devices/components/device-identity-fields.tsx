import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Device } from '../../../../contracts/device.ts';
import type { Ref } from '../../../../contracts/list.ts';
import { deviceTypeChoicesQuery } from '../../../api/device-types/queries.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { registryChoicesQuery } from '../../../api/registries/queries.ts';
import { organisationOptions } from '../../../lib/organisation-choices.ts';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { SelectInput, TextAreaInput, TextInput } from '../../../ui/form/inputs.tsx';
import type { DeviceFormControl } from './device-form-model.ts';
import { availabilityLabels } from './labels.ts';

/** A picker's options: none, then the choices, keeping the current link even when they lack it. */
function linkOptions(none: string, choices: readonly Ref[] | undefined, current: Ref | null) {
  const list = choices ?? [];
  const shown = current && !list.some((o) => o.id === current.id) ? [current, ...list] : list;
  return [
    { value: '' as const, label: none },
    ...shown.map((r) => ({ value: r.id, label: r.name })),
  ];
}

/** What the device is and whose: name, unique name, organisation, registry, type, use. */
export function DeviceIdentityFields({
  control,
  device,
}: {
  control: DeviceFormControl;
  device: Device | undefined;
}) {
  const { t, i18n } = useLingui();
  const orgs = useQuery(organisationChoicesQuery());
  const registries = useQuery(registryChoicesQuery());
  const types = useQuery(deviceTypeChoicesQuery());
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
          options={linkOptions(t`None`, registries.data, device?.registry ?? null)}
        />
        <SelectInput
          control={control}
          name="deviceTypeId"
          label={t`Device type`}
          options={linkOptions(t`None`, types.data, device?.deviceType ?? null)}
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
