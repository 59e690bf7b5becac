import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Device } from '../../../../contracts/device.ts';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import type { EditorControl, SourcePath } from './editor-model.ts';

/** A data key as a picker shows it. */
export interface KeyInfo {
  key: string;
  name?: string | null | undefined;
  unit?: string | null | undefined;
}

/** A device's keys: its own and those it inherits from its type, then its computed ones. */
export const deviceKeys = (device: Device): KeyInfo[] =>
  [...device.dataKeys, ...device.syntheticKeys].map(({ key, name, unit }) => ({ key, name, unit }));

/** The keys every device of a type sends. */
export const deviceTypeKeys = (deviceType: DeviceType): KeyInfo[] =>
  deviceType.structure.map(({ key, name }) => ({ key, name }));

const keyLabel = ({ key, name, unit }: KeyInfo) =>
  `${name && name !== key ? `${name} (${key})` : key}${unit ? ` – ${unit}` : ''}`;

/**
 * A data key among those a device (or device type) has. A key the graph
 * already reads stays chosen even when the device does not list it.
 * `keys` is undefined while there is nothing to choose from yet.
 */
export function KeySelect({
  control,
  name,
  label,
  keys,
  optional = false,
  help,
  onChosen,
}: {
  control: EditorControl;
  name: `${SourcePath}.dataKey` | 'directionKey';
  label: string;
  keys: readonly KeyInfo[] | undefined;
  /** A key that may be left out: "None" instead of "Choose a data key". */
  optional?: boolean;
  /** Why there is nothing to choose yet, or what the key is for. */
  help?: ReactNode;
  onChosen?: (info: KeyInfo | undefined) => void;
}) {
  const { t } = useLingui();
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  const value = field.value;
  const listed = keys ?? [];
  const missing =
    value !== '' && !listed.some((info) => info.key === value)
      ? [{ value, label: keys ? t`${value} (not sent by this device)` : value }]
      : [];
  const options = [
    { value: '', label: optional ? t`None` : t`Choose a data key` },
    ...missing,
    ...listed.map((info) => ({ value: info.key, label: keyLabel(info) })),
  ];
  const empty = keys !== undefined && keys.length === 0;
  return (
    <SelectField
      ref={ref}
      name={field.name}
      label={label}
      value={value}
      options={options}
      disabled={keys === undefined && value === ''}
      onChange={(chosen) => {
        field.onChange(chosen);
        onChosen?.(listed.find((info) => info.key === chosen));
      }}
      onBlur={field.onBlur}
      help={empty ? t`No data keys yet: add them on the device or its device type.` : help}
      {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
    />
  );
}
