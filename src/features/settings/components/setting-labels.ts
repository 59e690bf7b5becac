import { useLingui } from '@lingui/react/macro';
import type { MapThemeId } from '../../../../contracts/map.ts';
import type { WeekendColor } from '../../../lib/settings.ts';
import { mapThemeLabels } from '../../../maps/theme-labels.ts';

/** Names shown for the settings' option values, in the user's language. */
export function useSettingLabels() {
  const { t, i18n } = useLingui();
  const colours: Record<WeekendColor, string> = {
    red: t`Red`,
    pink: t`Pink`,
    purple: t`Purple`,
    deepPurple: t`Deep purple`,
    indigo: t`Indigo`,
    blue: t`Blue`,
    lightBlue: t`Light blue`,
    cyan: t`Cyan`,
    teal: t`Teal`,
    green: t`Green`,
    lightGreen: t`Light green`,
    lime: t`Lime`,
    yellow: t`Yellow`,
    amber: t`Amber`,
    orange: t`Orange`,
    deepOrange: t`Deep orange`,
  };
  const charts: Record<string, string> = {
    pie: t`Pie`,
    donut: t`Doughnut`,
    bar: t`Bar`,
    line: t`Line`,
  };
  const routes: Record<string, string> = {
    '/dashboard': t`Dashboard`,
    '/favorites': t`Favourites`,
    '/sensors': t`Devices`,
    '/registries': t`Registries`,
    '/devicetypes': t`Device types`,
    '/functions': t`Cloud functions`,
    '/management': t`Management`,
    '/api': t`API tokens`,
  };
  const views: Record<string, string> = {
    '/favorites': t`Favourites`,
    '/grid': t`Cards`,
    '/list': t`List`,
  };
  return {
    colour: (colour: WeekendColor) => colours[colour],
    mapTheme: (id: number) => {
      const label = mapThemeLabels[id as MapThemeId];
      return label ? i18n._(label) : String(id);
    },
    chart: (type: string) => charts[type] ?? type,
    route: (route: string) => routes[route] ?? route,
    view: (view: string) => views[view] ?? view,
  };
}
