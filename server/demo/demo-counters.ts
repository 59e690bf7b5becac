import type { CounterProfile } from '../simulator/count-model.ts';
import { seedOf } from '../simulator/count-model.ts';
import { aarhusPlaces, copenhagenPlaces, type DemoPlace } from './demo-places.ts';

export const ENTRANCES = ['A', 'B'] as const;
export type Entrance = (typeof ENTRANCES)[number];

/** One demo people counter: a place's entrance, known by its unique name (cph-001, aar-014, …). */
export interface DemoCounter {
  uniqueName: string;
  place: DemoPlace;
  entrance: Entrance;
  city: 'copenhagen' | 'aarhus';
}

/** The main entrance of a place takes a little more than half of its people. */
const entranceShare: Record<Entrance, number> = { A: 0.56, B: 0.44 };

function countersOf(places: DemoPlace[], prefix: string, city: DemoCounter['city']): DemoCounter[] {
  return places.flatMap((place, i) =>
    ENTRANCES.map((entrance, j) => ({
      uniqueName: `${prefix}-${String(i * 2 + j + 1).padStart(3, '0')}`,
      place,
      entrance,
      city,
    })),
  );
}

/** Every demo counter, in the order the seed creates them. */
export const demoCounters: DemoCounter[] = [
  ...countersOf(copenhagenPlaces, 'cph', 'copenhagen'),
  ...countersOf(aarhusPlaces, 'aar', 'aarhus'),
];

/** The count model's view of a demo counter. */
export function profileOf(counter: DemoCounter): CounterProfile {
  return {
    seed: seedOf(counter.uniqueName),
    locType: counter.place.locType,
    peakPerHour: counter.place.peakPerHour * entranceShare[counter.entrance],
  };
}
