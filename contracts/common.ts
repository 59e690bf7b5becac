import { Type, type Static, type TSchema } from 'typebox';

/** The body of every error answer: what went wrong, in words the console can show. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Every free-text field has a length limit, so no request can carry a megabyte in a name. */
export const Text = (maxLength = 200) => Type.String({ maxLength });
/** A uuid, handed to routes in lower case (see lib/validation.ts). */
export const Uuid = Type.String({ format: 'uuid', 'x-lowercase': true });
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Url = Type.String({ format: 'uri', maxLength: 2000, pattern: '^https?://' });
export const Timestamp = Type.String({ format: 'date-time' });

export const Ok = Type.Object({ ok: Type.Boolean() });
export type Ok = Static<typeof Ok>;

/** The usual error answers, for the OpenAPI document. */
export const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  503: ErrorBody,
} as const;
