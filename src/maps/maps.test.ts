import { describe, expect, it } from 'vitest';
import { mapThemeIds } from '../../contracts/map.ts';
import { basemapStyle, NATURAL_EARTH_ATTRIBUTION } from './basemap-style.ts';
import { boundsOf, DeviceClusters } from './clusters.ts';
import { countStatuses, urgentStatus, type MapPoint } from './status-counts.ts';
import { mapTheme, mapThemes } from './themes.ts';
import { domainOf, valueColour } from './value-scale.ts';

const basemap = { land: 'http://x/land', countries: 'http://x/countries' };

/** Devices in two towns 150 km apart: Copenhagen and Aarhus. */
function towns(perTown: number): MapPoint[] {
  const points: MapPoint[] = [];
  for (let i = 0; i < perTown; i++) {
    points.push({
      id: i + 1,
      name: `cph ${i}`,
      lat: 55.676 + i * 1e-4,
      lng: 12.568,
      status: 'green',
    });
    points.push({
      id: perTown + i + 1,
      name: `aar ${i}`,
      lat: 56.157 + i * 1e-4,
      lng: 10.21,
      status: i === 0 ? 'red' : 'yellow',
    });
  }
  return points;
}

describe('clusters', () => {
  it('groups crowded devices per town at country zoom, counting them by status', () => {
    const clusters = new DeviceClusters(towns(50));
    const marks = clusters.marks([-180, -85, 180, 85], 6);
    expect(marks).toHaveLength(2);
    const byCount = marks.map((mark) =>
      mark.kind === 'cluster' ? { count: mark.count, status: mark.status } : null,
    );
    expect(byCount).toContainEqual({ count: 50, status: 'green' });
    // One red device among yellow ones colours its cluster red.
    expect(byCount).toContainEqual({ count: 50, status: 'red' });
  });

  it('falls apart into single devices when zoomed in far enough', () => {
    const clusters = new DeviceClusters(towns(3));
    const town = clusters.marks([-180, -85, 180, 85], 6).find((mark) => mark.kind === 'cluster');
    if (town?.kind !== 'cluster') throw new Error('expected a cluster');
    const zoom = clusters.expansionZoom(town.id);
    const marks = clusters.marks([12.5, 55.6, 12.7, 55.8], 20);
    expect(zoom).toBeGreaterThan(6);
    expect(marks.every((mark) => mark.kind === 'device')).toBe(true);
    expect(marks).toHaveLength(3);
  });

  it('draws few marks for 100,000 devices', () => {
    const points: MapPoint[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: i + 1,
      name: String(i),
      lat: 54.6 + ((i * 7919) % 1000) / 400,
      lng: 8.1 + ((i * 104_729) % 1000) / 200,
      status: 'green',
    }));
    const marks = new DeviceClusters(points).marks([7, 54, 16, 58], 6);
    const counted = marks.reduce(
      (sum, mark) => sum + (mark.kind === 'cluster' ? mark.count : 1),
      0,
    );
    expect(marks.length).toBeLessThan(500);
    expect(counted).toBe(100_000);
  });

  it('counts and ranks statuses', () => {
    expect(countStatuses(towns(2))).toEqual({ green: 2, yellow: 1, red: 1, none: 0 });
    expect(urgentStatus({ green: 3, yellow: 1, red: 0, none: 2 })).toBe('yellow');
    expect(urgentStatus({ green: 0, yellow: 0, red: 0, none: 2 })).toBe('none');
  });

  it('bounds the devices, or says there are none', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf(towns(1))).toEqual([
      [10.21, 55.676],
      [12.568, 56.157],
    ]);
  });
});

describe('themes and the basemap', () => {
  it('has eight themes, each its own', () => {
    expect(Object.keys(mapThemes).map(Number)).toEqual([...mapThemeIds]);
    const looks = new Set(mapThemeIds.map((id) => `${mapThemes[id].water} ${mapThemes[id].land}`));
    expect(looks.size).toBe(8);
    expect(mapTheme(99)).toBe(mapThemes[0]);
    expect(mapThemes[2].dark).toBe(true);
  });

  it('draws Natural Earth land and borders in the theme, with its credit, and no text', () => {
    const style = basemapStyle(mapThemes[2], basemap, null);
    expect(style.layers.map((layer) => layer.id)).toEqual(['water', 'land', 'borders']);
    expect(style.layers[0]).toMatchObject({ paint: { 'background-color': mapThemes[2].water } });
    expect(style.sources.land).toMatchObject({
      data: basemap.land,
      attribution: NATURAL_EARTH_ATTRIBUTION,
    });
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(style.glyphs).toBeUndefined();
  });

  it("lays the operator's tiles over the basemap, toned for the theme, with their attribution", () => {
    const tiles = {
      url: 'http://tiles/{z}/{x}/{y}.png',
      attribution: '© Local tiles',
      minZoom: 0,
      maxZoom: 14,
      tileSize: 256,
    };
    const style = basemapStyle(mapThemes[2], basemap, tiles);
    expect(style.layers.at(-1)).toMatchObject({
      id: 'tiles',
      type: 'raster',
      paint: { 'raster-brightness-min': 1, 'raster-brightness-max': 0 },
    });
    expect(style.sources.tiles).toMatchObject({
      tiles: [tiles.url],
      attribution: '© Local tiles',
      maxzoom: 14,
    });
    // The basemap stays below, so places the tiles do not cover are not blank.
    expect(style.layers.map((layer) => layer.id)).toEqual(['water', 'land', 'borders', 'tiles']);
  });
});

describe('value colours', () => {
  it('runs from dark violet (lowest) to yellow (highest)', () => {
    expect(valueColour(0, [0, 10])).toEqual([68, 1, 84]);
    expect(valueColour(10, [0, 10])).toEqual([253, 231, 37]);
    expect(valueColour(50, [0, 10])).toEqual([253, 231, 37]);
    expect(valueColour(5, [0, 10])).toEqual([33, 145, 140]);
    expect(valueColour(3, [3, 3])).toEqual([33, 145, 140]);
  });

  it('takes the domain from the finite values', () => {
    expect(domainOf([3, -1, Number.NaN, 8])).toEqual([-1, 8]);
    expect(domainOf([])).toBeNull();
  });
});
