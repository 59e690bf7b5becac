import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import type { Device } from '../../../../contracts/device.ts';

/** The hardware tab (spec §3): model, SIM, modem, memory, adapter, Wi-Fi, CPU temperature. */
export function DeviceHardware({ device }: { device: Device }) {
  const { t, i18n } = useLingui();
  const h = device.hardware;
  return (
    <Section>
      <h2>
        <Trans>Hardware</Trans>
      </h2>
      <FieldList
        fields={[
          { label: t`Hardware model`, value: h.model },
          { label: t`Cell number`, value: h.cellNumber },
          { label: t`SIM id`, value: h.simId },
          { label: t`SIM provider`, value: h.simProvider },
          { label: t`Modem model`, value: h.modemModel },
          { label: t`Modem IMEI`, value: h.modemImei },
          { label: t`Memory`, value: h.memory },
          { label: t`Memory model`, value: h.memoryModel },
          { label: t`Adapter (power)`, value: h.adapter },
          { label: t`Wi-Fi module`, value: h.wifiModule },
          {
            label: t`CPU temperature`,
            value:
              h.cpuTemperature === null
                ? null
                : `${formatNumber(h.cpuTemperature, localeOf(i18n.locale))} °C`,
          },
        ]}
      />
    </Section>
  );
}
