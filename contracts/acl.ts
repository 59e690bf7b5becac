import { Type, type Static } from 'typebox';
import { Uuid } from './common.ts';

/** Privilege name (such as 'device.modify') → whether the caller has it. */
export const PrivilegeAnswers = Type.Record(Type.String(), Type.Boolean());
export type PrivilegeAnswers = Static<typeof PrivilegeAnswers>;

/** The resources (any entity uuid) to answer for, besides the caller's own organisations. */
export const PrivilegeTest = Type.Object({
  resources: Type.Optional(Type.Array(Uuid, { maxItems: 500 })),
});
export type PrivilegeTest = Static<typeof PrivilegeTest>;

/** The answers in the caller's own organisations, and for each resource asked about. */
export const PrivilegeTestAnswer = Type.Object({
  privileges: PrivilegeAnswers,
  resources: Type.Record(Type.String(), PrivilegeAnswers),
});
export type PrivilegeTestAnswer = Static<typeof PrivilegeTestAnswer>;
