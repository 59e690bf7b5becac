import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import {
  calibrationReminders,
  chartTypes,
  mapThemes,
  weekendColors,
  weekendColorValues,
} from '../../../lib/settings.ts';
import { NumberRow, SelectRow, SwitchRow } from '../../../ui/form/rows.tsx';
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
      <SelectRow
        label={t`Map theme`}
        value={settings.mapTheme}
        options={mapThemes.map((id) => ({ value: id, label: labels.mapTheme(id) }))}
        onChange={(mapTheme) => save({ mapTheme })}
      />
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
      <SwitchRow
        label={t`Side panel on dashboards`}
        checked={settings.sideBar}
        onChange={(sideBar) => save({ sideBar })}
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

/** How devices are calibrated, and how often the console reminds of it. */
export function CalibrationSettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Calibration</Trans>}>
      <SelectRow
        label={t`Calibrate by`}
        value={settings.calibration}
        options={[
          { value: 1, label: t`Count` },
          { value: 0, label: t`Time` },
        ]}
        onChange={(calibration) => save({ calibration })}
      />
      <NumberRow
        label={t`Count`}
        help={t`People counted during a calibration.`}
        value={settings.count}
        min={1}
        max={100000}
        onChange={(count) => save({ count })}
      />
      <NumberRow
        label={t`Time (minutes)`}
        value={settings.tcount}
        min={1}
        max={100000}
        onChange={(tcount) => save({ tcount })}
      />
      <SelectRow
        label={t`Calibration reminder`}
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

/** Alerts, tips and cookie consent. */
export function NoticeSettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Notifications and privacy</Trans>}>
      <SwitchRow
        label={t`Alerts`}
        checked={settings.alerts}
        onChange={(alerts) => save({ alerts })}
      />
      <SwitchRow
        label={t`Did you know? tips`}
        checked={settings.didKnow}
        onChange={(didKnow) => save({ didKnow })}
      />
      <SwitchRow
        label={t`Cookies accepted`}
        checked={settings.cookies}
        onChange={(cookies) => save({ cookies })}
      />
    </SettingsSection>
  );
}
