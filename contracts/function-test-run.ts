import { Type, type Static } from 'typebox';

/** Function code to run once against a sample input, in the sandbox. */
export const FunctionTestRun = Type.Object(
  {
    code: Type.String({ maxLength: 256 * 1024 }),
    input: Type.Unknown(),
    context: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type FunctionTestRun = Static<typeof FunctionTestRun>;

/**
 * What the sandbox reports for one run. Error kinds and log levels are
 * strings so that a kind the console does not know yet still shows.
 */
export const FunctionTestResult = Type.Object({
  ok: Type.Boolean(),
  output: Type.Optional(Type.Unknown()),
  error: Type.Optional(
    Type.Object({
      kind: Type.String({ description: 'syntax, runtime, timeout, memory, output or crash' }),
      message: Type.String(),
    }),
  ),
  logs: Type.Array(
    Type.Object({
      level: Type.String({ description: 'log, info, warn or error' }),
      message: Type.String(),
    }),
  ),
  durationMs: Type.Number(),
});
export type FunctionTestResult = Static<typeof FunctionTestResult>;
