import { Type } from 'typebox';
import { Uuid } from '../../contracts/common.ts';
import { EntityId } from '../../contracts/list.ts';
import { HistoryKey, LocalTime, Statistic } from '../../contracts/history.ts';
import { SpecTime } from '../../contracts/message.ts';

/** Path parameters: route-only shapes. What travels in bodies is in contracts/. */

export const UuidParams = Type.Object({ uuid: Uuid });
export const IdParams = Type.Object({ id: Uuid });
export const HostParams = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$' }),
});

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
