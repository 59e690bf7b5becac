/**
 * The console settings every user has (spec §3 "User settings") with the
 * defaults and option lists of §9. They are kept in the user's own store on
 * the server (internal.settings) and edited on /settings.
 */
export const weekendColors = [
  'red',
  'pink',
  'purple',
  'deepPurple',
  'indigo',
  'blue',
  'lightBlue',
  'cyan',
  'teal',
  'green',
  'lightGreen',
  'lime',
  'yellow',
  'amber',
  'orange',
  'deepOrange',
] as const;
export type WeekendColor = (typeof weekendColors)[number];

export const weekendColorValues: Record<WeekendColor, string> = {
  red: '#f44336',
  pink: '#e91e63',
  purple: '#9c27b0',
  deepPurple: '#673ab7',
  indigo: '#3f51b5',
  blue: '#2196f3',
  lightBlue: '#03a9f4',
  cyan: '#00bcd4',
  teal: '#009688',
  green: '#4caf50',
  lightGreen: '#8bc34a',
  lime: '#cddc39',
  yellow: '#ffeb3b',
  amber: '#ffc107',
  orange: '#ff9800',
  deepOrange: '#ff5722',
};

/** Eight map styles, ids 0–7. */
export const mapThemes = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** Chart types by id; the default period's chart type 3 is a line chart. */
export const chartTypes = ['pie', 'donut', 'bar', 'line'] as const;
export type ChartType = (typeof chartTypes)[number];
/** Hover preview delays in ms; 0 hides the preview. */
export const hoverTimes = [0, 300, 500, 700, 1000, 2000, 3000] as const;
/**
 * Rows per page: 'auto' fits the window (height ÷ 49 after fixed offsets),
 * the lists' own "auto": autoRowsPerPage in list-search.ts.
 */
export const rowsPerPageOptions = ['auto', 5, 7, 8, 10, 15, 20, 25, 50, 100] as const;
export const cardsPerPageOptions = [2, 3, 4, 6, 8, 9] as const;
export const calibrationReminders = [3, 6, 9, 12] as const;
export const defaultViews = ['/favorites', '/grid', '/list'] as const;
export const defaultRoutes = [
  '/dashboard',
  '/favorites',
  '/sensors',
  '/registries',
  '/devicetypes',
  '/functions',
  '/management',
  '/api',
] as const;

export type ThemeId = 0 | 1;

export interface Period {
  menuId: number;
  chartType: number;
  timeType: number;
}

export interface UserSettings {
  language: 'da' | 'en';
  /** 0 light, 1 dark. */
  theme: ThemeId;
  autoDashboard: boolean;
  weekendColor: WeekendColor;
  /** 1 by count, 0 by time. */
  calibration: 0 | 1;
  /** Months between calibration reminders. */
  calNotifications: (typeof calibrationReminders)[number];
  count: number;
  tcount: number;
  chartType: number;
  sideBar: boolean;
  trp: (typeof rowsPerPageOptions)[number];
  cardsPerPage: (typeof cardsPerPageOptions)[number];
  alerts: boolean;
  didKnow: boolean;
  rawData: boolean;
  mapTheme: (typeof mapThemes)[number];
  defaultRoute: string;
  defaultView: (typeof defaultViews)[number];
  cookies: boolean;
  periods: Period[];
  snackbarLocation: 'left' | 'right';
  detailsPanel: boolean;
  drawer: 'permanent' | 'temporary';
  drawerState: boolean;
  drawerCloseOnNav: boolean;
  headerBorder: boolean;
  breadcrumbs: boolean;
  hoverTime: (typeof hoverTimes)[number];
  globalSearch: boolean;
  dsTheme: number;
  /** Live data in charts (the live periods, last 1 to 60 minutes). */
  nordlysLiveData: boolean;
}

export const defaultSettings: UserSettings = {
  language: 'da',
  theme: 0,
  autoDashboard: true,
  weekendColor: 'red',
  calibration: 1,
  calNotifications: 6,
  count: 200,
  tcount: 600,
  chartType: 3,
  sideBar: true,
  trp: 10,
  cardsPerPage: 9,
  alerts: true,
  didKnow: true,
  rawData: false,
  mapTheme: 0,
  defaultRoute: '/dashboard',
  defaultView: '/list',
  cookies: false,
  // Default graph period: last 7 days (menuId 3), daily (timeType 2), line chart.
  periods: [{ menuId: 3, chartType: 3, timeType: 2 }],
  snackbarLocation: 'left',
  detailsPanel: false,
  drawer: 'permanent',
  drawerState: true,
  drawerCloseOnNav: true,
  headerBorder: false,
  breadcrumbs: true,
  hoverTime: 1000,
  globalSearch: true,
  dsTheme: 0,
  nordlysLiveData: true,
};

/** Stored settings over the defaults: keys the store lacks (older versions) get their default. */
export function withDefaults(stored: unknown): UserSettings {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return { ...defaultSettings };
  const known = Object.fromEntries(
    Object.entries(stored).filter(([key]) => key in defaultSettings),
  ) as Partial<UserSettings>;
  return { ...defaultSettings, ...known };
}
