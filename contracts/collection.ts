import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from './common.ts';
import { HistoryKey, HistoryPoint } from './history.ts';
import { Description, EntityId, EntityName, listQuery, OrgRef, Ref } from './list.ts';
import { Day } from './project.ts';
import { acceptReadOnly } from './read-only.ts';

/** A data collection is active (collecting) or inactive (spec §4 Data collection states). */
export const collectionStates = ['active', 'inactive'] as const;
export const CollectionState = Type.Enum(collectionStates);
export type CollectionState = Static<typeof CollectionState>;

export const collectionSortFields = ['id', 'name', 'state', 'created', 'modified'] as const;

const fields = {
  name: EntityName,
  description: Description,
  state: CollectionState,
  /** The last day the collection is in service, or null. */
  endOfService: Nullable(Day),
  /** A project of the collection's organisation or one above it; null: none. */
  projectId: Nullable(EntityId),
  /** The customer organisation; a create without it uses the caller's own. */
  orgUuid: Uuid,
};

export const CollectionCreate = Type.Object(
  {
    name: fields.name,
    description: Type.Optional(fields.description),
    state: Type.Optional(fields.state),
    endOfService: Type.Optional(fields.endOfService),
    projectId: Type.Optional(fields.projectId),
    orgUuid: Type.Optional(fields.orgUuid),
  },
  { additionalProperties: false },
);
export type CollectionCreate = Static<typeof CollectionCreate>;

export const CollectionListQuery = Type.Object({
  ...listQuery(collectionSortFields),
  state: Type.Optional(CollectionState),
  projectId: Type.Optional(EntityId),
  deviceId: Type.Optional(EntityId),
});
export type CollectionListQuery = Static<typeof CollectionListQuery>;

export const Collection = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  name: Type.String(),
  description: Nullable(Type.String()),
  state: CollectionState,
  endOfService: Nullable(Type.String()),
  org: OrgRef,
  project: Nullable(Ref),
  /** The device measuring for the collection now, and since when. */
  device: Nullable(Ref),
  deviceStartDate: Nullable(Timestamp),
  created: Timestamp,
  modified: Timestamp,
});
export type Collection = Static<typeof Collection>;

/** A collection as read may be sent back: what only the server sets is ignored. */
export const CollectionUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  Collection,
);
export type CollectionUpdate = Static<typeof CollectionUpdate>;

/** Puts a device to measure for a collection, from now or from a time given (not in the future). */
export const CollectionDeviceAssign = Type.Object(
  {
    deviceId: EntityId,
    from: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type CollectionDeviceAssign = Static<typeof CollectionDeviceAssign>;

/** One stretch of time a device measured for a collection; `to` null: it still does. */
export const CollectionDevicePeriod = Type.Object({
  device: Ref,
  from: Timestamp,
  to: Nullable(Timestamp),
});
export type CollectionDevicePeriod = Static<typeof CollectionDevicePeriod>;

/** The most buckets a collection's data answer holds over its whole range. */
export const COLLECTION_DATA_POINTS_MAX = 2_000;

/** A stretch of time to read a collection's data over (instants; `to` exclusive). */
export const CollectionDataQuery = Type.Object(
  {
    from: Timestamp,
    to: Timestamp,
    points: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: COLLECTION_DATA_POINTS_MAX,
        description:
          'At most this many buckets over the whole range (default 500); the width is widened until they fit',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CollectionDataQuery = Static<typeof CollectionDataQuery>;

/** One device's part of a collection's data: its period cut to the range asked for. */
export const CollectionDataSegment = Type.Object({
  device: Ref,
  from: Timestamp,
  to: Timestamp,
  points: Type.Array(HistoryPoint),
});
export type CollectionDataSegment = Static<typeof CollectionDataSegment>;

/**
 * A data key of a collection over a range: each device that measured for it,
 * read only over its own period (spec §4 Assignment: the history is kept so
 * data is read from the right device over time). Oldest segment first.
 */
export const CollectionData = Type.Object({
  collectionId: Type.Integer(),
  key: Type.String(),
  /** The collection organisation's zone, which days are binned in. */
  timeZone: Type.String(),
  from: Timestamp,
  to: Timestamp,
  bucketSeconds: Nullable(Type.Integer({ description: 'Nominal width; null for whole days' })),
  segments: Type.Array(CollectionDataSegment),
});
export type CollectionData = Static<typeof CollectionData>;

/**
 * The data keys the collection's devices reported while they measured for
 * it, and the time zone its periods are shown in (its organisation's).
 */
export const CollectionKeys = Type.Object({
  timeZone: Type.String(),
  keys: Type.Array(HistoryKey),
});
export type CollectionKeys = Static<typeof CollectionKeys>;
