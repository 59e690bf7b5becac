import { Trans, useLingui } from '@lingui/react/macro';
import { FormGrid, FormSection } from '../../../ui/form/fields.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import { hardwareFields, type DeviceFormControl, type HardwareText } from './device-form-model.ts';

/** The device's hardware (spec §3): model, SIM, modem, memory, adapter, Wi-Fi, CPU temperature. */
export function DeviceHardwareFields({ control }: { control: DeviceFormControl }) {
  const { t } = useLingui();
  const labels: Record<HardwareText, string> = {
    model: t`Hardware model`,
    cellNumber: t`Cell number`,
    simId: t`SIM id`,
    simProvider: t`SIM provider`,
    modemModel: t`Modem model`,
    modemImei: t`Modem IMEI`,
    memory: t`Memory`,
    memoryModel: t`Memory model`,
    adapter: t`Adapter (power)`,
    wifiModule: t`Wi-Fi module`,
  };
  return (
    <FormSection>
      <legend>
        <Trans>Hardware</Trans>
      </legend>
      <FormGrid>
        {hardwareFields.map((f) => (
          <TextInput
            key={f}
            control={control}
            name={`hardware.${f}`}
            label={labels[f]}
            maxLength={100}
          />
        ))}
        <TextInput
          control={control}
          name="hardware.cpuTemperature"
          label={t`CPU temperature (°C)`}
          inputMode="decimal"
        />
      </FormGrid>
    </FormSection>
  );
}
