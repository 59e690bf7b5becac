import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The named colours a dashboard can have (teal is the spec's default). */
export const dashboardColors: readonly { name: string; value: string; label: MessageDescriptor }[] =
  [
    { name: 'teal', value: '#009688', label: msg`Teal` },
    { name: 'blue', value: '#1e88e5', label: msg`Blue` },
    { name: 'indigo', value: '#3949ab', label: msg`Indigo` },
    { name: 'purple', value: '#8e24aa', label: msg`Purple` },
    { name: 'pink', value: '#d81b60', label: msg`Pink` },
    { name: 'red', value: '#e53935', label: msg`Red` },
    { name: 'orange', value: '#fb8c00', label: msg`Orange` },
    { name: 'amber', value: '#ffb300', label: msg`Amber` },
    { name: 'green', value: '#43a047', label: msg`Green` },
    { name: 'grey', value: '#757575', label: msg`Grey` },
  ];

/** A dashboard's colour as CSS: a named colour's value, a #rrggbb as it is, else teal. */
export function colorValue(color: string): string {
  const named = dashboardColors.find((entry) => entry.name === color);
  if (named) return named.value;
  return /^#[0-9a-f]{6}$/i.test(color) ? color : '#009688';
}
