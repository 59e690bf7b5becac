import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, type Control } from 'react-hook-form';
import type { DeviceType, DeviceTypeCreate } from '../../../../contracts/device-type.ts';
import { functionChoicesQuery } from '../../../api/functions/queries.ts';
import {
  organisationLineage,
  organisationOptions,
  type OrganisationChoice,
} from '../../../lib/organisation-choices.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import { SelectInput } from '../../../ui/form/inputs.tsx';
import type { DeviceTypeValues } from './device-type-form.tsx';

/**
 * Whose the device type is and which decoder it uses. The decoder picker
 * offers the decoders of the chosen organisation and those above it, as the
 * server asks; a move to an organisation that cannot use the decoder drops it.
 */
export function OwnerFields({
  control,
  orgs,
  deviceType,
  canChooseOrg,
  onDecoderDropped,
}: {
  control: Control<DeviceTypeValues, unknown, DeviceTypeCreate>;
  orgs: readonly OrganisationChoice[];
  deviceType: DeviceType | undefined;
  canChooseOrg: boolean;
  onDecoderDropped: () => void;
}) {
  const { t } = useLingui();
  const decoders = useQuery(functionChoicesQuery({ type: 'decoder' }));
  const org = useController({ control, name: 'orgUuid' });
  const decoderId = useWatch({ control, name: 'decoderId' });

  const orgOptions = organisationOptions(orgs);
  if (deviceType && !orgOptions.some((o) => o.value === deviceType.org.uuid)) {
    orgOptions.unshift({ value: deviceType.org.uuid, label: deviceType.org.name });
  }
  const lineage = organisationLineage(orgs, org.field.value);
  const usable = (decoders.data ?? []).filter((d) => lineage.includes(d.org.uuid));
  const current = deviceType?.decoderFunction;
  const decoderOptions = [
    { value: 0, label: t`No decoder` },
    ...(current && !usable.some((d) => d.id === current.id)
      ? [{ value: current.id, label: current.name }]
      : []),
    ...usable.map((d) => ({ value: d.id, label: `${d.name} (${d.org.name})` })),
  ];
  const decoderHelp = decoders.isError ? (
    <Trans>The decoder functions could not be loaded.</Trans>
  ) : decoders.isPending ? (
    <Trans>Loading…</Trans>
  ) : usable.length === 0 ? (
    <Trans>No decoder function in this organisation or above it.</Trans>
  ) : (
    <Trans>Turns what a device sends into data points.</Trans>
  );

  return (
    <>
      <SelectField
        label={t`Organisation`}
        name={org.field.name}
        value={org.field.value}
        options={orgOptions}
        disabled={!canChooseOrg}
        help={
          canChooseOrg ? undefined : (
            <Trans>Your group may not move it to another organisation.</Trans>
          )
        }
        onBlur={org.field.onBlur}
        onChange={(orgUuid) => {
          org.field.onChange(orgUuid);
          const above = organisationLineage(orgs, orgUuid);
          const keeps = (decoders.data ?? []).some(
            (d) => d.id === decoderId && above.includes(d.org.uuid),
          );
          if (!keeps) onDecoderDropped();
        }}
      />
      <SelectInput
        control={control}
        name="decoderId"
        label={t`Decoder function`}
        options={decoderOptions}
        help={decoderHelp}
      />
    </>
  );
}
