import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  weekendColors,
  withDefaults,
  mapThemes,
  hoverTimes,
  rowsPerPageOptions,
  cardsPerPageOptions,
} from './settings.ts';

describe('user settings', () => {
  it('has the defaults of spec §9', () => {
    expect(defaultSettings).toMatchObject({
      language: 'da',
      theme: 0,
      weekendColor: 'red',
      defaultRoute: '/dashboard',
      defaultView: '/list',
      mapTheme: 0,
      calibration: 1,
      count: 200,
      tcount: 600,
      trp: 10,
      cardsPerPage: 9,
      hoverTime: 1000,
      snackbarLocation: 'left',
      drawer: 'permanent',
      drawerState: true,
      drawerCloseOnNav: true,
      breadcrumbs: true,
      globalSearch: true,
      headerBorder: false,
      chartType: 3,
      cookies: false,
    });
  });

  it('offers the option lists of spec §9', () => {
    expect(weekendColors).toHaveLength(16);
    expect(mapThemes).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(hoverTimes).toEqual([0, 300, 500, 700, 1000, 2000, 3000]);
    expect(rowsPerPageOptions).toEqual(['auto', 5, 7, 8, 10, 15, 20, 25, 50, 100]);
    expect(cardsPerPageOptions).toEqual([2, 3, 4, 6, 8, 9]);
  });

  it('fills what a stored object lacks with defaults and drops unknown keys', () => {
    const settings = withDefaults({ theme: 1, language: 'en', somethingOld: true });
    expect(settings.theme).toBe(1);
    expect(settings.language).toBe('en');
    expect(settings.trp).toBe(10);
    expect(settings).not.toHaveProperty('somethingOld');
    expect(withDefaults(null)).toEqual(defaultSettings);
    expect(withDefaults(['not', 'settings'])).toEqual(defaultSettings);
  });
});
