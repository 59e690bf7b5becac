import { Type, type Static, type TString } from 'typebox';
import { Nullable } from './common.ts';
import { MapTilesConfig } from './map.ts';

/** The API services the console addresses; each has a base URL in the runtime config. */
export const serviceNames = [
  'auth',
  'core',
  'dataBroker',
  'eventBroker',
  'functions',
  'api',
  'rest',
] as const;
export type ServiceName = (typeof serviceNames)[number];

/** What the console needs to know before anyone signs in (GET /api/config). */
export const RuntimeConfig = Type.Object({
  version: Type.String(),
  beta: Type.Boolean(),
  services: Type.Object(
    Object.fromEntries(serviceNames.map((name) => [name, Type.String()])) as Record<
      ServiceName,
      TString
    >,
  ),
  thirdPartySignIn: Nullable(Type.Object({ issuer: Type.String(), clientId: Type.String() })),
  /** Maps: the operator's own tiles, else null (the shipped basemap). */
  map: Type.Object({ tiles: Nullable(MapTilesConfig) }),
});
export type RuntimeConfig = Static<typeof RuntimeConfig>;
