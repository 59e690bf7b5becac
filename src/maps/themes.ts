import type { MapThemeId } from '../../contracts/map.ts';

/**
 * The eight map themes (spec §9, ids 0–7; their names are the settings page's).
 * Each colours the basemap shipped with Nordlys, and, over an operator's own
 * raster tiles, tones them the same way (maplibre's raster paint).
 */
export interface MapTheme {
  id: MapThemeId;
  /** Sea and lakes: the map's background. */
  water: string;
  land: string;
  /** Country borders and coasts. */
  border: string;
  /** Whether markers and text sit on a dark map (outlines turn light). */
  dark: boolean;
  /** How the operator's raster tiles are toned for the theme. */
  raster: {
    brightnessMin: number;
    brightnessMax: number;
    saturation: number;
    contrast: number;
    hueRotate: number;
  };
}

const plain = { brightnessMin: 0, brightnessMax: 1, saturation: 0, contrast: 0, hueRotate: 0 };
// Dark tiles from light ones: brightness turned over, the hues turned back.
const inverted = {
  brightnessMin: 1,
  brightnessMax: 0,
  saturation: -0.2,
  contrast: 0,
  hueRotate: 180,
};

export const mapThemes: Record<MapThemeId, MapTheme> = {
  0: { id: 0, water: '#aad3df', land: '#f2efe9', border: '#9e8fa6', dark: false, raster: plain },
  1: {
    id: 1,
    water: '#d4dde2',
    land: '#fafaf8',
    border: '#b4b9be',
    dark: false,
    raster: { ...plain, saturation: -0.7, brightnessMin: 0.15 },
  },
  2: {
    id: 2,
    water: '#181c22',
    land: '#2f3135',
    border: '#5d6168',
    dark: true,
    raster: { ...inverted, saturation: -0.8 },
  },
  3: {
    id: 3,
    water: '#0d2c4c',
    land: '#46512f',
    border: '#c9c19a',
    dark: true,
    raster: { ...plain, saturation: 0.25, contrast: 0.15 },
  },
  4: {
    id: 4,
    water: '#9cc7df',
    land: '#dde5c2',
    border: '#9a8462',
    dark: false,
    raster: { ...plain, saturation: 0.35, hueRotate: -10 },
  },
  5: {
    id: 5,
    water: '#0e1626',
    land: '#1d2c4d',
    border: '#4b6878',
    dark: true,
    raster: { ...inverted, saturation: -0.3, brightnessMin: 0.85, hueRotate: 200 },
  },
  6: {
    id: 6,
    water: '#b9d3c2',
    land: '#ebe3cd',
    border: '#c9b2a6',
    dark: false,
    raster: { ...plain, saturation: -0.45, hueRotate: 25, contrast: -0.1 },
  },
  7: {
    id: 7,
    water: '#c9c9c9',
    land: '#f5f5f5',
    border: '#b0b0b0',
    dark: false,
    raster: { ...plain, saturation: -1 },
  },
};

export const mapTheme = (id: number): MapTheme => mapThemes[id as MapThemeId] ?? mapThemes[0];
