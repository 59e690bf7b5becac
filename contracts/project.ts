import { Type, type Static } from 'typebox';
import { Email, Nullable, Text, Timestamp, Uuid } from './common.ts';
import { Description, EntityId, EntityName, listQuery, OrgRef } from './list.ts';
import { acceptReadOnly } from './read-only.ts';

/** The spec's rule (§5 Project), worded as the console shows it. */
export const PROJECT_DATES_MESSAGE = 'Start date can not be later than End date!';

export const projectSortFields = [
  'id',
  'title',
  'name',
  'startDate',
  'endDate',
  'created',
  'modified',
] as const;

/** A calendar day, YYYY-MM-DD: a project runs from its start day to its end day, both included. */
export const Day = Type.String({ format: 'date' });

/** Whom to ask about a project on site (spec §3 Project: contact). */
export const ProjectContact = Type.Object(
  {
    firstName: Nullable(Text(100)),
    lastName: Nullable(Text(100)),
    email: Nullable(Email),
    phone: Nullable(Text(40)),
  },
  { additionalProperties: false },
);
export type ProjectContact = Static<typeof ProjectContact>;

const fields = {
  title: EntityName,
  description: Description,
  startDate: Day,
  endDate: Day,
  /** The fields given replace the ones kept; null clears one. */
  contact: Type.Object(
    {
      firstName: Type.Optional(ProjectContact.properties.firstName),
      lastName: Type.Optional(ProjectContact.properties.lastName),
      email: Type.Optional(ProjectContact.properties.email),
      phone: Type.Optional(ProjectContact.properties.phone),
    },
    { additionalProperties: false },
  ),
  /** The customer organisation; a create without it uses the caller's own. */
  orgUuid: Uuid,
};

export const ProjectCreate = Type.Object(
  {
    title: fields.title,
    description: Type.Optional(fields.description),
    startDate: fields.startDate,
    endDate: fields.endDate,
    contact: Type.Optional(fields.contact),
    orgUuid: Type.Optional(fields.orgUuid),
  },
  { additionalProperties: false },
);
export type ProjectCreate = Static<typeof ProjectCreate>;

export const ProjectListQuery = Type.Object({
  ...listQuery(projectSortFields),
  /** Projects running on this day (start ≤ day ≤ end). */
  activeOn: Type.Optional(Day),
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const Project = Type.Object({
  id: Type.Integer(),
  uuid: Uuid,
  title: Type.String(),
  /** The title again: the name the console's lists, pickers and favourites show (spec: title/name). */
  name: Type.String(),
  description: Nullable(Type.String()),
  startDate: Type.String(),
  endDate: Type.String(),
  contact: Type.Object({
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
  }),
  org: OrgRef,
  /** The project's devices and data collections, among those the caller can see. */
  deviceCount: Type.Integer(),
  collectionCount: Type.Integer(),
  created: Timestamp,
  modified: Timestamp,
});
export type Project = Static<typeof Project>;

/** A project as read may be sent back: what only the server sets is ignored. */
export const ProjectUpdate = acceptReadOnly(
  Type.Object(
    { id: EntityId, ...Type.Partial(Type.Object(fields)).properties },
    { additionalProperties: false },
  ),
  Project,
);
export type ProjectUpdate = Static<typeof ProjectUpdate>;
