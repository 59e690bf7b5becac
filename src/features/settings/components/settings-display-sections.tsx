import { Trans, useLingui } from '@lingui/react/macro';
import {
  cardsPerPageOptions,
  defaultRoutes,
  defaultViews,
  hoverTimes,
  rowsPerPageOptions,
} from '../../../lib/settings.ts';
import { formatNumber } from '../../../lib/format.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { SelectRow, SwitchRow } from '../../../ui/form/rows.tsx';
import { SettingsSection, type SectionProps } from './settings-section.tsx';
import { useSettingLabels } from './setting-labels.ts';

/** Language, theme and the parts of the frame around every page. */
export function AppearanceSettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection title={<Trans>Language and appearance</Trans>}>
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
    </SettingsSection>
  );
}

/** The menu, the start page and how lists and details open. */
export function NavigationSettings({ settings, save }: SectionProps) {
  const { t } = useLingui();
  const labels = useSettingLabels();
  return (
    <SettingsSection title={<Trans>Navigation</Trans>}>
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
    </SettingsSection>
  );
}

/** How many rows and cards a list shows, and the preview on hover. */
export function ListSettings({ settings, save }: SectionProps) {
  const { t, i18n } = useLingui();
  const language = localeOf(i18n.locale);
  return (
    <SettingsSection title={<Trans>Lists</Trans>}>
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
          label: ms === 0 ? t`Hidden` : t`${formatNumber(ms / 1000, language)} s`,
        }))}
        onChange={(hoverTime) => save({ hoverTime })}
      />
    </SettingsSection>
  );
}
