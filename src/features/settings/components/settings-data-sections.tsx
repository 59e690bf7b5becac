import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import {
  calibrationReminders,
  chartTypes,
  weekendColors,
  weekendColorValues,
} from '../../../lib/settings.ts';
import { SelectRow, SwitchRow } from '../../../ui/form/rows.tsx';
import { SettingsSection, type SectionProps } from './settings-section.tsx';
import { useSettingLabels } from './setting-labels.ts';

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 14px;
  height: 14px;
  border-radius: 3px;
  margin-left: 8px;
  vertical-align: middle;
  background: ${({ $color }) => $color};
`;

/** Charts, maps, periods and dashboards. */
export function ChartSettings({ settings, save }: SectionProps) {
  const { t, i18n } = useLingui();
  const labels = useSettingLabels();
  return (
    <SettingsSection title={<Trans>Charts and maps</Trans>}>
      <SelectRow
        label={t`Chart type`}
        value={settings.chartType}
        options={chartTypes.map((type, id) => ({ value: id, label: labels.chart(type) }))}
        onChange={(chartType) => save({ chartType })}
      />
      <SelectRow
        label={t`Weekend colour`}
        value={settings.weekendColor}
        options={weekendColors.map((color) => ({ value: color, label: labels.colour(color) }))}
        onChange={(weekendColor) => save({ weekendColor })}
      />
      <p>
        <Trans>Weekends in charts</Trans>
        <Swatch $color={weekendColorValues[settings.weekendColor]} aria-hidden />
      </p>
      <SwitchRow
        label={t`Live data`}
        help={t`Offers the live periods, from the last minute to the last hour.`}
        checked={settings.nordlysLiveData}
        onChange={(nordlysLiveData) => save({ nordlysLiveData })}
      />
      <SwitchRow
        label={t`Raw data`}
        help={t`Show the values as received, without aggregation.`}
        checked={settings.rawData}
        onChange={(rawData) => save({ rawData })}
      />
      <SwitchRow
        label={t`Create a dashboard automatically`}
        checked={settings.autoDashboard}
        onChange={(autoDashboard) => save({ autoDashboard })}
      />
      <SelectRow
        label={t`Default period`}
        value={settings.periods[0]?.menuId ?? 3}
        options={availablePeriods(settings.nordlysLiveData)
          .filter((option) => option.menuId !== 6)
          .map((option) => ({ value: option.menuId, label: i18n._(option.label) }))}
        onChange={(menuId) =>
          save({
            periods: [
              {
                menuId,
                chartType: settings.chartType,
                timeType: periodOption(menuId)?.timeType ?? 2,
              },
            ],
          })
        }
      />
      <SelectRow
        label={t`Dashboard theme`}
        value={settings.dsTheme}
        options={[
          { value: 0, label: t`Like the console` },
          { value: 1, label: t`Light` },
          { value: 2, label: t`Dark` },
        ]}
        onChange={(dsTheme) => save({ dsTheme })}
      />
    </SettingsSection>
  );
}

/** Cookie consent. */
export function PrivacySettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Privacy</Trans>}>
      <SwitchRow
        label={t`Cookies accepted`}
        checked={settings.cookies}
        onChange={(cookies) => save({ cookies })}
      />
    </SettingsSection>
  );
}

/** Calibration (spec §9): by count or by time, and how often devices are due again. */
export function CalibrationSettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Calibration</Trans>}>
      <SelectRow
        label={t`Calibrate by`}
        help={t`What the on-site setup suggests.`}
        value={settings.calibration}
        options={[
          { value: 1 as const, label: t`Count` },
          { value: 0 as const, label: t`Time` },
        ]}
        onChange={(calibration) => save({ calibration })}
      />
      <SelectRow
        label={t`Calibration reminders`}
        help={t`A device is due again this long after its calibration, unless it names an interval of its own.`}
        value={settings.calNotifications}
        options={calibrationReminders.map((months) => ({
          value: months,
          label: t`Every ${months} months`,
        }))}
        onChange={(calNotifications) => save({ calNotifications })}
      />
    </SettingsSection>
  );
}
