import { useLingui } from '@lingui/react/macro';
import type { WeekendColor } from '../../../lib/settings.ts';

/** Names shown for the settings' option values, in the user's language. */
export function useSettingLabels() {
  const { t } = useLingui();
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
  const maps = [
    t`Standard`,
    t`Light`,
    t`Dark`,
    t`Satellite`,
    t`Terrain`,
    t`Night`,
    t`Retro`,
    t`Silver`,
  ];
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
    mapTheme: (id: number) => maps[id] ?? String(id),
    chart: (type: string) => charts[type] ?? type,
    route: (route: string) => routes[route] ?? route,
    view: (view: string) => views[view] ?? view,
  };
}
