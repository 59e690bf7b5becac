import { Type, type Static } from 'typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof Health>;

const CheckState = Type.Union([Type.Literal('up'), Type.Literal('down')]);

export const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unready')]),
  checks: Type.Object({
    database: CheckState,
    broker: CheckState,
    redis: Type.Optional(CheckState),
  }),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  broker: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
});
export type Readiness = Static<typeof Readiness>;
