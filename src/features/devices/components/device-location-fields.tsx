import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { locationTypes } from '../../../../contracts/device.ts';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { CheckboxInput, SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import { reminderMonths, type DeviceFormControl } from './device-form-model.ts';
import { locationTypeLabels } from './labels.ts';

/** Where the device stands (shown only once it is calibrated, spec §4) and its calibration. */
export function DeviceLocationFields({ control }: { control: DeviceFormControl }) {
  const { t, i18n } = useLingui();
  const calibrated = useWatch({ control, name: 'calibrated' });
  return (
    <FormSection>
      <legend>
        <Trans>Location and calibration</Trans>
      </legend>
      <FormGrid>
        <SelectInput
          control={control}
          name="locType"
          label={t`Location type`}
          options={locationTypes.map((value) => ({
            value,
            label: i18n._(locationTypeLabels[value]),
          }))}
        />
        <CheckboxInput control={control} name="calibrated" label={t`Calibrated`} />
        {calibrated ? (
          <>
            <TextInput control={control} name="address" label={t`Address`} maxLength={300} />
            <TextInput control={control} name="lat" label={t`Latitude`} inputMode="decimal" />
            <TextInput control={control} name="lng" label={t`Longitude`} inputMode="decimal" />
          </>
        ) : null}
        <SelectInput
          control={control}
          name="calibration.type"
          label={t`Calibrated by`}
          options={[
            { value: '', label: t`Not set` },
            { value: 'count', label: t`Count` },
            { value: 'time', label: t`Time (minutes)` },
          ]}
        />
        <TextInput
          control={control}
          name="calibration.value"
          label={t`Calibration value`}
          inputMode="decimal"
        />
        <SelectInput
          control={control}
          name="calibration.reminderMonths"
          label={t`Reminder`}
          options={[
            { value: '', label: t`No reminder` },
            ...reminderMonths.map((months) => ({
              value: months,
              label: t`Every ${months} months`,
            })),
          ]}
        />
      </FormGrid>
    </FormSection>
  );
}
