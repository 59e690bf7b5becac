import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { Static, TSchema } from 'typebox';
import { contractResolver, type ContractResolverOptions } from './contract-resolver.ts';

export interface ContractFormOptions<
  V extends FieldValues,
  S extends TSchema,
> extends ContractResolverOptions<V> {
  /** The contract the form's body must meet (contracts/…: a create or an update). */
  schema: S;
  defaultValues: DefaultValues<V>;
}

export type ContractForm<V extends FieldValues, S extends TSchema> = UseFormReturn<
  V,
  unknown,
  Static<S>
>;

/**
 * The console's one way to hold a form: react-hook-form with the contract as its
 * check. Fields are checked when they lose focus and again as they change after
 * a first submit; submit hands the checked body to the handler.
 *
 * ```tsx
 * const form = useContractForm({ schema: RegistryCreate, defaultValues, toBody });
 * const save = useCreateRegistry();
 * <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
 *   <FormSection><legend>…</legend><TextInput control={form.control} name="name" label={t`Name`} /></FormSection>
 *   <FormError message={save.error?.message} />   // the server's refusal; the input stays
 * </form>
 * ```
 */
export function useContractForm<V extends FieldValues, S extends TSchema>({
  schema,
  defaultValues,
  toBody,
  messages,
  check,
}: ContractFormOptions<V, S>): ContractForm<V, S> {
  return useForm<V, unknown, Static<S>>({
    defaultValues,
    mode: 'onTouched',
    resolver: contractResolver<V, S>(schema, { toBody, messages, check }),
  });
}
