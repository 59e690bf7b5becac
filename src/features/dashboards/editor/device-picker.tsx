import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { useDeviceSearch } from '../../../api/devices/search.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import type { EditorControl, SourcePath } from './editor-model.ts';

/** One device, read when chosen (its name and data keys). */
export const useDevice = (deviceId: number | null) =>
  useQuery({ ...deviceQuery(deviceId ?? 0), enabled: deviceId !== null });

/**
 * A device for one data source: a search box that narrows the list and a
 * select of the matching devices. The chosen device stays offered whatever
 * the search shows.
 */
export function DevicePicker({
  control,
  name,
}: {
  control: EditorControl;
  name: `${SourcePath}.deviceId`;
}) {
  const { t } = useLingui();
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name });
  const [text, setText] = useState('');
  const list = useDeviceSearch(text);
  const chosen = useDevice(field.value);
  const devices = list.data?.items ?? [];
  const current =
    field.value === null || devices.some((d) => d.id === field.value)
      ? []
      : [{ value: field.value, label: chosen.data?.name ?? t`Device ${field.value}` }];
  const options = [
    { value: '' as const, label: t`Choose a device` },
    ...current,
    ...devices.map((d) => ({ value: d.id, label: d.name })),
  ];
  const total = list.data?.total ?? 0;
  const help = list.isError
    ? t`The devices could not be loaded.`
    : list.isPending
      ? t`Loading…`
      : total > devices.length
        ? t`The first ${devices.length} of ${total} devices; search to find others.`
        : devices.length === 0
          ? t`No device matches the search.`
          : undefined;
  return (
    <>
      <TextField
        type="search"
        label={t`Find a device`}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <SelectField
        ref={ref}
        name={field.name}
        label={t`Device`}
        value={field.value ?? ''}
        options={options}
        onChange={(value) => field.onChange(value === '' ? null : value)}
        onBlur={field.onBlur}
        help={help}
        {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
      />
    </>
  );
}
