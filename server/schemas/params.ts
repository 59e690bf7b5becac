import { Type } from 'typebox';
import { BrandedHost } from '../../contracts/branding.ts';
import { Uuid } from '../../contracts/common.ts';
import { DashboardId } from '../../contracts/dashboard.ts';
import { EntityId } from '../../contracts/list.ts';
import { HistoryKey, LocalTime, Statistic } from '../../contracts/history.ts';
import { SpecTime } from '../../contracts/message.ts';

/** Path parameters and querystrings only routes read. What travels in bodies is in contracts/. */

export const UuidParams = Type.Object({ uuid: Uuid });
export const IdParams = Type.Object({ id: Uuid });
export const HostParams = Type.Object({ host: BrandedHost });

export const DevicePictureParams = Type.Object({ id: EntityId, pictureId: EntityId });

export const HistoryParams = Type.Object({
  deviceId: EntityId,
  from: LocalTime,
  to: LocalTime,
  dataField: HistoryKey,
});

export const HistoryStatParams = Type.Object({
  deviceId: EntityId,
  key: HistoryKey,
  from: LocalTime,
  to: LocalTime,
  dataField: Statistic,
});

export const DeviceMessagesParams = Type.Object({ id: EntityId, from: SpecTime, to: SpecTime });

export const EntityIdParams = Type.Object({ id: EntityId });

export const CollectionDataParams = Type.Object({ id: EntityId, key: HistoryKey });

export const DashboardIdParams = Type.Object({ id: DashboardId });

export const IngestParams = Type.Object({ registryId: EntityId, deviceId: EntityId });

/** Privilege names such as 'device.modify', joined by |. */
const PrivilegeNames = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: "names such as 'device.modify', joined by |",
});
export const PrivilegesParams = Type.Object({ privileges: PrivilegeNames });
export const ResourcePrivilegesParams = Type.Object({ resource: Uuid, privileges: PrivilegeNames });

/** The querystring of /auth/oidc/start: the browser is sent there, nothing reads an answer. */
export const OidcStartQuery = Type.Object({
  redirect: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'A path inside the console to open after sign-in, such as /devices; anything else is ignored.',
    }),
  ),
  language: Type.Optional(
    Type.String({
      maxLength: 16,
      description: 'The console language (da or en), passed to the provider as ui_locales.',
    }),
  ),
});

export const FunctionSeriesParams = Type.Object({
  deviceId: EntityId,
  functionId: EntityId,
  from: LocalTime,
  to: LocalTime,
  dataField: HistoryKey,
});

/** A basemap layer by name; an unknown one is a 404, not a 400 (it is a missing resource). */
export const BasemapParams = Type.Object({ layer: Type.String({ maxLength: 40 }) });

/** A map tile in XYZ numbering (y from the north), as maplibre asks for it. */
export const MapTileParams = Type.Object({
  z: Type.Integer({ minimum: 0, maximum: 24 }),
  x: Type.Integer({ minimum: 0, maximum: 2 ** 24 - 1 }),
  y: Type.Integer({ minimum: 0, maximum: 2 ** 24 - 1 }),
});
