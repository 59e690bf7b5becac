import type { FieldPathByValue, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { TextInput } from '../../../ui/form/inputs.tsx';
import { formatPhone } from '../../../lib/phone.ts';

/** A phone number field that shows the number as it will be stored once the user leaves it. */
export function PhoneInput<V extends FieldValues, T>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<V, unknown, T>;
  name: FieldPathByValue<V, string>;
  label: string;
}) {
  return (
    // Focus leaving the input bubbles here, after the field has taken the typed value.
    <div
      onBlur={() =>
        form.setValue(name, formatPhone(form.getValues(name)) as PathValue<V, typeof name>, {
          shouldDirty: true,
        })
      }
    >
      <TextInput control={form.control} name={name} label={label} type="tel" maxLength={40} />
    </div>
  );
}
