import { useEffect } from 'react';
import { IMask, useIMask } from 'react-imask';
import { TextField } from '../../../ui/form/text-field.tsx';

/** DD/MM/YYYY HH:mm:ss, 24-hour (spec §5), typed through a mask. */
export const DATE_TIME_MASK = 'DD/MM/YYYY HH:mm:ss';

const range = (from: number, to: number) => ({ mask: IMask.MaskedRange, from, to });

// Each part keeps to its range, so hours run 00 to 23 and no 13th month can be typed.
const maskOptions = {
  mask: DATE_TIME_MASK,
  blocks: {
    DD: range(1, 31),
    MM: range(1, 12),
    YYYY: range(1970, 9999),
    HH: range(0, 23),
    mm: range(0, 59),
    ss: range(0, 59),
  },
};

/**
 * A date and time typed through the mask: digits only, the slashes, space
 * and colons come by themselves. Reports the text as typed; the dialog
 * parses and checks it.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
}) {
  const {
    ref,
    setValue,
    value: shown,
  } = useIMask<HTMLInputElement>(maskOptions, {
    defaultValue: value,
    onAccept: (text) => onChange(text),
  });
  // A value set from outside (the dialog opened again) replaces what was typed.
  useEffect(() => {
    if (value !== shown) setValue(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextField
      ref={ref}
      label={label}
      inputMode="numeric"
      placeholder="DD/MM/YYYY HH:mm:ss"
      autoComplete="off"
      error={error ?? false}
    />
  );
}
