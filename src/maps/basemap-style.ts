import type { StyleSpecification } from 'maplibre-gl';
import type { MapTilesConfig } from '../../contracts/map.ts';
import type { MapTheme } from './themes.ts';

/** Where the shipped basemap's layers are read (GET /api/v2/map/basemap/{layer}). */
export interface BasemapUrls {
  land: string;
  countries: string;
}

/** Natural Earth's credit, shown on every map drawn on the shipped basemap. */
export const NATURAL_EARTH_ATTRIBUTION = 'Made with Natural Earth';

/**
 * The maplibre style of a map: the theme's water as background, Natural
 * Earth's land and borders (shipped with Nordlys, so a map is never blank),
 * and above them the operator's raster tiles, toned for the theme, when set.
 * No text layers: the map needs no font server.
 */
export function basemapStyle(
  theme: MapTheme,
  basemap: BasemapUrls,
  tiles: MapTilesConfig | null,
): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    sources: {
      land: { type: 'geojson', data: basemap.land, attribution: NATURAL_EARTH_ATTRIBUTION },
      countries: { type: 'geojson', data: basemap.countries },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': theme.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': theme.land } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: {
          'line-color': theme.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.4],
        },
      },
    ],
  };
  if (tiles) {
    style.sources.tiles = {
      type: 'raster',
      tiles: [tiles.url],
      tileSize: tiles.tileSize,
      minzoom: tiles.minZoom,
      maxzoom: tiles.maxZoom,
      attribution: tiles.attribution,
    };
    const { raster } = theme;
    style.layers.push({
      id: 'tiles',
      type: 'raster',
      source: 'tiles',
      paint: {
        'raster-brightness-min': raster.brightnessMin,
        'raster-brightness-max': raster.brightnessMax,
        'raster-saturation': raster.saturation,
        'raster-contrast': raster.contrast,
        'raster-hue-rotate': raster.hueRotate,
      },
    });
  }
  return style;
}
