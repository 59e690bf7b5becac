import type { ChangeEvent } from 'react';

export interface ChoiceOption<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A native select's options and change handler for values that keep their type:
 * the DOM speaks strings, the form gets back the number or string it offered.
 */
export function typedSelect<T extends string | number>(
  value: T,
  options: readonly ChoiceOption<T>[],
  onChange: (value: T) => void,
) {
  return {
    value: String(value),
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const chosen = options.find((option) => String(option.value) === event.target.value);
      if (chosen) onChange(chosen.value);
    },
    children: options.map((option) => (
      <option key={String(option.value)} value={String(option.value)}>
        {option.label}
      </option>
    )),
  };
}
