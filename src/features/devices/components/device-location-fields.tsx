import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { locationTypes } from '../../../../contracts/device.ts';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { CheckboxInput, SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import { reminderMonths, type DeviceFormControl } from './device-form-model.ts';
import { locationTypeLabels } from './labels.ts';

/**
 * Where the device stands and its calibration. The address and position are
 * entered whether or not it is calibrated; they show once it is (spec §4).
 * Only those who install devices move them (`canPlace`); the others read the
 * place and calibrate.
 */
export function DeviceLocationFields({
  control,
  canPlace,
}: {
  control: DeviceFormControl;
  canPlace: boolean;
}) {
  const { t, i18n } = useLingui();
  const calibrated = useWatch({ control, name: 'calibrated' });
  const fixed = canPlace ? undefined : t`Account managers move devices; you see where it stands.`;
  return (
    <FormSection>
      <legend>
        <Trans>Location and calibration</Trans>
      </legend>
      <FormGrid>
        <div className="wide">
          <TextInput
            control={control}
            name="address"
            label={t`Address`}
            maxLength={300}
            readOnly={!canPlace}
            help={
              fixed ??
              (calibrated
                ? undefined
                : t`An uncalibrated device shows no location. What is entered here is kept and shows once it is calibrated.`)
            }
          />
        </div>
        <TextInput
          control={control}
          name="lat"
          label={t`Latitude`}
          inputMode="decimal"
          readOnly={!canPlace}
        />
        <TextInput
          control={control}
          name="lng"
          label={t`Longitude`}
          inputMode="decimal"
          readOnly={!canPlace}
        />
        <SelectInput
          control={control}
          name="locType"
          label={t`Location type`}
          disabled={!canPlace}
          options={locationTypes.map((value) => ({
            value,
            label: i18n._(locationTypeLabels[value]),
          }))}
        />
        <CheckboxInput control={control} name="calibrated" label={t`Calibrated`} />
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
