import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Something the live feed sent that does not match its contract (contracts/live.ts). */
export interface InvalidPayload {
  /** The event, or the request whose answer it was (`subscribe`, `messages.subscribe`). */
  readonly event: string;
  /** What is wrong with it: the first few schema errors, `path: message`. */
  readonly problems: readonly string[];
}

/** Told the first time a payload of an event does not match, so a console can log it once. */
export type InvalidPayloadListener = (report: InvalidPayload) => void;

export interface WireCheck {
  /**
   * Whether a payload matches its schema; one that does not is dropped by the
   * caller and counted here. Value.Check interprets the schema: the console's
   * CSP forbids eval, which a compiled check would need.
   */
  accept<T extends TSchema>(event: string, schema: T, payload: unknown): payload is Static<T>;
  /** Payloads dropped so far, by event. */
  dropped(): ReadonlyMap<string, number>;
}

const PROBLEMS_REPORTED = 3;

/** A check shared by everything that reads one socket, counting what it drops. */
export function wireCheck(onInvalid?: InvalidPayloadListener): WireCheck {
  const counts = new Map<string, number>();
  return {
    accept<T extends TSchema>(event: string, schema: T, payload: unknown): payload is Static<T> {
      if (Value.Check(schema, payload)) return true;
      const dropped = (counts.get(event) ?? 0) + 1;
      counts.set(event, dropped);
      if (dropped === 1 && onInvalid) {
        const problems = [...Value.Errors(schema, payload)]
          .slice(0, PROBLEMS_REPORTED)
          .map((error) => `${error.instancePath || '/'}: ${error.message}`);
        onInvalid({ event, problems });
      }
      return false;
    },
    dropped: () => counts,
  };
}
