import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { Static, TSchema } from 'typebox';
import { Settings } from 'typebox/system';
import { Value } from 'typebox/value';
import { i18n } from '../../lib/i18n.ts';

/** One failed check of a contract, as TypeBox reports it. */
export interface ContractError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * Messages for a field's failed check, keyed by the field's path with `*` for
 * array positions (`dataKeys.*.key`) and then by the check (`pattern`, or
 * `*` for any). A field's own words (what a key may hold) beat the general ones.
 */
export type FieldMessages = Record<string, Partial<Record<string, MessageDescriptor>>>;

/** The most errors one check reports: enough for every field of a long form. */
const MAX_ERRORS = 200;

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** The general words for a failed check: what a user can do about it. */
function generalMessage(error: ContractError): MessageDescriptor {
  const limit = number(error.params.limit);
  switch (error.keyword) {
    case 'required':
      return msg`Required`;
    case 'minLength':
      return limit <= 1 ? msg`Required` : msg`At least ${limit} characters`;
    case 'maxLength':
      return msg`At most ${limit} characters`;
    case 'minimum':
    case 'exclusiveMinimum':
      return msg`At least ${limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return msg`At most ${limit}`;
    case 'maxItems':
      return msg`At most ${limit} rows`;
    case 'uniqueItems':
      return msg`Must be unique`;
    case 'format':
      if (error.params.format === 'email') return msg`Not a valid e-mail address`;
      if (error.params.format === 'uri') return msg`Not a valid URL`;
      return msg`Invalid value`;
    case 'type':
      if (error.params.type === 'integer') return msg`Enter a whole number`;
      if (error.params.type === 'number') return msg`Enter a number`;
      return msg`Invalid value`;
    case 'const':
    case 'enum':
      return msg`Choose one of the options`;
    case 'pattern':
    default:
      return msg`Invalid value`;
  }
}

/** `/dataKeys/0/key` as react-hook-form names it: `dataKeys.0.key`. */
const fieldPath = (instancePath: string) =>
  instancePath.split('/').slice(1).map(decodeURIComponent).join('.');

/** The errors of the fields, one per field: the first that is not a union's echo. */
export function fieldErrors(schema: TSchema, body: unknown): Map<string, ContractError> {
  const byField = new Map<string, ContractError>();
  // TypeBox stops at 8 errors by default: a long form shows every wrong field at once.
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: MAX_ERRORS });
  let errors: Iterable<ContractError>;
  try {
    errors = Value.Errors(schema, body) as Iterable<ContractError>;
  } finally {
    Settings.Set({ maxErrors });
  }
  for (const found of errors) {
    const paths =
      found.keyword === 'required' && Array.isArray(found.params.requiredProperties)
        ? found.params.requiredProperties.map((name) =>
            [fieldPath(found.instancePath), String(name)].filter(Boolean).join('.'),
          )
        : [fieldPath(found.instancePath)];
    for (const path of paths) {
      const known = byField.get(path);
      if (!known || (!isEcho(found) && isEcho(known))) byField.set(path, found);
    }
  }
  return byField;
}

/** A nullable field reports "must be null" and "anyOf" besides its real check. */
const isEcho = (error: ContractError) =>
  error.keyword === 'anyOf' ||
  error.keyword === 'boolean' ||
  (error.keyword === 'type' && error.params.type === 'null');

function messageFor(path: string, error: ContractError, messages: FieldMessages): string {
  const pattern = path.replace(/\.\d+(?=\.|$)/g, '.*');
  const own = messages[path] ?? messages[pattern];
  return i18n._(own?.[error.keyword] ?? own?.['*'] ?? generalMessage(error));
}

export interface ContractResolverOptions<V extends FieldValues> {
  /** The wire body a form's values make (trimmed text, '' as null, numbers from text). */
  toBody?: ((values: V) => unknown) | undefined;
  messages?: FieldMessages | undefined;
  /**
   * The form's own rules where the contract cannot speak (a password typed
   * twice alike, a rule the server keeps in a service): a message by field
   * path, undefined where the field is right. A field the contract already
   * refuses keeps the contract's message.
   */
  check?: ((values: V) => Partial<Record<string, string | undefined>>) | undefined;
}

/**
 * A react-hook-form resolver that checks the body a form would send against its
 * contract, so the console refuses what the server would refuse, with the same
 * limits and in the user's language. A valid form hands its body to onSubmit.
 */
export function contractResolver<V extends FieldValues, S extends TSchema>(
  schema: S,
  { toBody, messages = {}, check }: ContractResolverOptions<V> = {},
): Resolver<V, unknown, Static<S>> {
  return (values) => {
    const body: unknown = toBody ? toBody(values) : values;
    const found = fieldErrors(schema, body);
    const own = Object.entries(check?.(values) ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !found.has(entry[0]),
    );
    if (found.size === 0 && own.length === 0) return { values: body as Static<S>, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const [path, error] of found)
      set(errors, path || 'root', {
        type: error.keyword,
        message: messageFor(path, error, messages),
      });
    for (const [path, message] of own) set(errors, path, { type: 'check', message });
    return { values: {}, errors };
  };
}
