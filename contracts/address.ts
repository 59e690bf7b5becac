import { Type, type Static } from 'typebox';

/**
 * A Danish access address (adgangsadresse) as Nordlys passes it on from the
 * public address service (spec §7 Calendar, address, weather).
 */
export const Address = Type.Object({
  /** The address service's id of the access address. */
  id: Type.String(),
  /** One line, e.g. `Nyhavn 17, 1051 København K`. */
  text: Type.String(),
  street: Type.String(),
  houseNumber: Type.String(),
  postcode: Type.String(),
  city: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
  /** Metres from the place asked about (reverse lookups); 0 for a search. */
  distance: Type.Number(),
});
export type Address = Static<typeof Address>;

/** The most metres a reverse lookup's address may lie from the place. */
export const REVERSE_MAX_DISTANCE_M = 500;

export const AddressReverseQuery = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export type AddressReverseQuery = Static<typeof AddressReverseQuery>;

export const AddressSearchQuery = Type.Object(
  { q: Type.String({ minLength: 2, maxLength: 200 }) },
  { additionalProperties: false },
);
export type AddressSearchQuery = Static<typeof AddressSearchQuery>;

export const AddressList = Type.Array(Address);
