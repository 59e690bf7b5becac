import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { History } from '../contracts/history.ts';
import {
  MessagesEvent,
  MessagesSubscribeAck,
  PointsEvent,
  StatusEvent,
  SubscribeAck,
  SubscriptionsEndedEvent,
  UnsubscribeAck,
} from '../contracts/live.ts';
import {
  checkHistory,
  checkMessagesEvent,
  checkMessagesSubscribeAck,
  checkPointsEvent,
  checkStatusEvent,
  checkSubscribeAck,
  checkSubscriptionsEndedEvent,
  checkUnsubscribeAck,
} from './generated/wire-checks.ts';

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
   * caller and counted here. The contracts' checks are generated ahead of time
   * (`checkOf`); any other schema is interpreted by Value.Check.
   */
  accept<T extends TSchema>(event: string, schema: T, payload: unknown): payload is Static<T>;
  /** Payloads dropped so far, by event. */
  dropped(): ReadonlyMap<string, number>;
}

const PROBLEMS_REPORTED = 3;

type Check = (value: unknown) => boolean;

/**
 * The checks of what the browser reads, generated from the contracts by
 * scripts/wire-checks.ts: the code TypeBox's compiler would eval, written out
 * at build time (the console's CSP forbids eval). Several times faster than
 * Value.Check, which interprets the schema on every call.
 */
const generated = new Map<TSchema, Check>([
  [PointsEvent, checkPointsEvent],
  [StatusEvent, checkStatusEvent],
  [SubscribeAck, checkSubscribeAck],
  [UnsubscribeAck, checkUnsubscribeAck],
  [MessagesEvent, checkMessagesEvent],
  [MessagesSubscribeAck, checkMessagesSubscribeAck],
  [SubscriptionsEndedEvent, checkSubscriptionsEndedEvent],
  [History, checkHistory],
]);

/** Whether a value matches a schema: its generated check when it has one, else Value.Check. */
export function checkOf<T extends TSchema>(schema: T): (value: unknown) => value is Static<T> {
  let check = generated.get(schema);
  if (!check) {
    check = (value: unknown) => Value.Check(schema, value);
    generated.set(schema, check);
  }
  return check as (value: unknown) => value is Static<T>;
}

/** A check shared by everything that reads one socket, counting what it drops. */
export function wireCheck(onInvalid?: InvalidPayloadListener): WireCheck {
  const counts = new Map<string, number>();
  return {
    accept<T extends TSchema>(event: string, schema: T, payload: unknown): payload is Static<T> {
      if (checkOf(schema)(payload)) return true;
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
