import { describe, expect, it } from 'vitest';
import { sharedPlace } from './graph-place.ts';

const at = (lat: number, lng: number, calibrated = true) => ({ lat, lng, calibrated });

describe('the one place of a chart of several devices', () => {
  it('is the middle of counters of one town', () => {
    const place = sharedPlace([at(55.6786, 12.5794), at(55.6806, 12.5854), at(55.6904, 12.5497)]);
    expect(place?.calibrated).toBe(true);
    expect(place?.lat).toBeCloseTo(55.6832, 3);
    expect(place?.long).toBeCloseTo(12.5715, 3);
  });

  it('is none for devices in two towns', () => {
    expect(sharedPlace([at(55.6786, 12.5794), at(56.1536, 10.2139)])).toBeNull();
  });

  it('leaves out devices that are not calibrated, and says so when none is', () => {
    expect(
      sharedPlace([at(55.6786, 12.5794), { lat: null, lng: null, calibrated: false }]),
    ).toEqual({ lat: 55.6786, long: 12.5794, calibrated: true });
    expect(sharedPlace([{ lat: null, lng: null, calibrated: false }])).toEqual({
      lat: null,
      long: null,
      calibrated: false,
    });
    expect(sharedPlace([])).toBeNull();
  });
});
