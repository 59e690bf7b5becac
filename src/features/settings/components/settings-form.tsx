import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useNotify } from '../../../lib/notifications.ts';
import {
  calibrationReminders,
  cardsPerPageOptions,
  chartTypes,
  defaultRoutes,
  defaultViews,
  hoverTimes,
  mapThemes,
  rowsPerPageOptions,
  weekendColors,
  weekendColorValues,
  type UserSettings,
} from '../../../lib/settings.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { availablePeriods, periodOption } from '../../../lib/periods.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { NumberRow, SelectRow, SwitchRow } from '../../../ui/form-controls.tsx';
import { useSettingLabels } from './setting-labels.ts';

const Sections = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 460px), 1fr));
  align-items: start;
  h2 {
    margin: 0 0 4px;
    font-size: 1.1rem;
  }
`;

const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 14px;
  height: 14px;
  border-radius: 3px;
  margin-left: 8px;
  vertical-align: middle;
  background: ${({ $color }) => $color};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card as="section">
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

/** Every user setting of spec §3, grouped, with the option lists of §9; each change is saved at once. */
export function SettingsForm() {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const { settings, update, reset } = useSettings();
  const labels = useSettingLabels();
  const [confirmReset, setConfirmReset] = useState(false);

  const save = (changes: Partial<UserSettings>) =>
    update(changes).then(
      () => notify(t`Settings saved`, 'success'),
      () => notify(t`Update failed`, 'error'),
    );

  return (
    <>
      <Sections>
        <Section title={<Trans>Language and appearance</Trans>}>
          <SelectRow
            label={t`Language`}
            value={settings.language}
            options={[
              { value: 'da', label: 'Dansk' },
              { value: 'en', label: 'English' },
            ]}
            onChange={(language) => save({ language })}
          />
          <SelectRow
            label={t`Theme`}
            value={settings.theme}
            options={[
              { value: 0, label: t`Light` },
              { value: 1, label: t`Dark` },
            ]}
            onChange={(theme) => save({ theme })}
          />
          <SwitchRow
            label={t`Border under the header`}
            checked={settings.headerBorder}
            onChange={(headerBorder) => save({ headerBorder })}
          />
          <SwitchRow
            label={t`Breadcrumbs`}
            checked={settings.breadcrumbs}
            onChange={(breadcrumbs) => save({ breadcrumbs })}
          />
          <SwitchRow
            label={t`Global search`}
            checked={settings.globalSearch}
            onChange={(globalSearch) => save({ globalSearch })}
          />
          <SelectRow
            label={t`Notification position`}
            value={settings.snackbarLocation}
            options={[
              { value: 'left', label: t`Left` },
              { value: 'right', label: t`Right` },
            ]}
            onChange={(snackbarLocation) => save({ snackbarLocation })}
          />
        </Section>

        <Section title={<Trans>Navigation</Trans>}>
          <SelectRow
            label={t`Menu`}
            help={t`Below 1280 px wide the menu always slides in.`}
            value={settings.drawer}
            options={[
              { value: 'permanent', label: t`Permanent` },
              { value: 'temporary', label: t`Temporary` },
            ]}
            onChange={(drawer) => save({ drawer })}
          />
          <SwitchRow
            label={t`Menu open`}
            checked={settings.drawerState}
            onChange={(drawerState) => save({ drawerState })}
          />
          <SwitchRow
            label={t`Close the menu after choosing a page`}
            checked={settings.drawerCloseOnNav}
            onChange={(drawerCloseOnNav) => save({ drawerCloseOnNav })}
          />
          <SelectRow
            label={t`Start page`}
            value={settings.defaultRoute}
            options={defaultRoutes.map((route) => ({ value: route, label: labels.route(route) }))}
            onChange={(defaultRoute) => save({ defaultRoute })}
          />
          <SelectRow
            label={t`Default view of lists`}
            value={settings.defaultView}
            options={defaultViews.map((view) => ({ value: view, label: labels.view(view) }))}
            onChange={(defaultView) => save({ defaultView })}
          />
          <SwitchRow
            label={t`Details panel`}
            checked={settings.detailsPanel}
            onChange={(detailsPanel) => save({ detailsPanel })}
          />
        </Section>

        <Section title={<Trans>Lists</Trans>}>
          <SelectRow
            label={t`Rows per page`}
            value={settings.trp}
            options={rowsPerPageOptions.map((rows) => ({
              value: rows,
              label: rows === 'auto' ? t`Fit the window` : String(rows),
            }))}
            onChange={(trp) => save({ trp })}
          />
          <SelectRow
            label={t`Cards per page`}
            value={settings.cardsPerPage}
            options={cardsPerPageOptions.map((cards) => ({ value: cards, label: String(cards) }))}
            onChange={(cardsPerPage) => save({ cardsPerPage })}
          />
          <SelectRow
            label={t`Preview on hover`}
            value={settings.hoverTime}
            options={hoverTimes.map((ms) => ({
              value: ms,
              label: ms === 0 ? t`Hidden` : t`${ms / 1000} s`,
            }))}
            onChange={(hoverTime) => save({ hoverTime })}
          />
        </Section>

        <Section title={<Trans>Charts and maps</Trans>}>
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
        </Section>

        <Section title={<Trans>Calibration</Trans>}>
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
        </Section>

        <Section title={<Trans>Notifications and privacy</Trans>}>
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
        </Section>
      </Sections>
      <Actions>
        <Button $variant="secondary" onClick={() => setConfirmReset(true)}>
          <Trans>Reset to defaults</Trans>
        </Button>
      </Actions>
      <Dialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={<Trans>Reset all settings?</Trans>}
        description={
          <Trans>Every setting goes back to its default, and cookie consent is turned off.</Trans>
        }
      >
        <DialogActions>
          <Button $variant="secondary" onClick={() => setConfirmReset(false)}>
            <Trans>No</Trans>
          </Button>
          <Button
            onClick={() => {
              setConfirmReset(false);
              reset().then(
                () => notify(t`Settings saved`, 'success'),
                () => notify(t`Update failed`, 'error'),
              );
            }}
          >
            <Trans>Yes</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
