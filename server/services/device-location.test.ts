import { describe, expect, it } from 'vitest';
import { locationUpdate, movesDevice } from './device-location.ts';

const stored = { address: 'Nyhavn 1', lat: 56.153620000000004, lng: 10.2, loc_type: 'square' };

describe('whether an update moves a device', () => {
  it('moves nothing when the place comes back as it was read, rounded and trimmed', () => {
    expect(movesDevice(stored, {}, undefined)).toBe(false);
    expect(movesDevice(stored, { address: ' Nyhavn 1 ', lat: 56.15362, lng: 10.2 }, 'square')).toBe(
      false,
    );
  });

  it('moves the device with a new position, address or location type', () => {
    expect(movesDevice(stored, { lat: 56.1537 }, undefined)).toBe(true);
    expect(movesDevice(stored, { lng: null }, undefined)).toBe(true);
    expect(movesDevice(stored, { address: 'Nyhavn 2' }, undefined)).toBe(true);
    expect(movesDevice(stored, { address: null }, undefined)).toBe(true);
    expect(movesDevice(stored, {}, 'park')).toBe(true);
    expect(movesDevice({ ...stored, lat: null }, { lat: 56 }, undefined)).toBe(true);
  });

  it("keeps an uncalibrated device's hidden place when its nulls come back", () => {
    const update = locationUpdate({ address: null, lat: null, lng: null }, false);
    expect(update).toEqual({});
    expect(movesDevice(stored, update, undefined)).toBe(false);
  });
});
