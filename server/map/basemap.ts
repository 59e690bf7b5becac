import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { BasemapLayer } from '../../contracts/map.ts';
import { precompress, type Precompressed } from '../lib/precompressed.ts';

/**
 * The basemap shipped with Nordlys: Natural Earth's 1:50m land and countries
 * (world-atlas, public domain data), so a map draws coasts and borders with
 * no internet. Its countries carry their `name`, and their ISO 3166 numeric
 * code as the feature id.
 */
type Atlas = Topology<{
  land: GeometryCollection;
  countries: GeometryCollection<{ name: string }>;
}>;

/** Degrees kept per coordinate: 4 decimals is about 11 m, finer than the data's own grid. */
const PRECISION = 1e4;

const layers = new Map<BasemapLayer, Promise<Precompressed>>();

/**
 * A basemap layer as GeoJSON, converted from TopoJSON on first use and kept
 * in memory, compressed, for the life of the process (about 0.5 MB a layer).
 */
export function basemapLayer(layer: BasemapLayer): Promise<Precompressed> {
  let answer = layers.get(layer);
  if (!answer) {
    answer = convert(layer);
    layers.set(layer, answer);
    // A failure is not kept: the next request tries again.
    answer.catch(() => layers.delete(layer));
  }
  return answer;
}

async function convert(layer: BasemapLayer): Promise<Precompressed> {
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const atlas = JSON.parse(await fs.readFile(file, 'utf8')) as Atlas;
  const collection: FeatureCollection = feature(atlas, atlas.objects[layer]);
  const json = JSON.stringify(collection, (_key, value: unknown) =>
    typeof value === 'number' ? Math.round(value * PRECISION) / PRECISION : value,
  );
  return precompress(Buffer.from(json));
}
