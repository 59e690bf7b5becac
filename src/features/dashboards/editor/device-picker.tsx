import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { deviceListQuery, deviceQuery } from '../../../api/devices/queries.ts';
import type { DeviceFilters } from '../../../api/devices/keys.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import type { EditorControl, SourcePath } from './editor-model.ts';

/** Typing waits this long before the list is asked again. */
const DEBOUNCE_MS = 250;
/** A picker lists this many devices; a search narrows the rest. */
export const DEVICE_CHOICES = 50;

/** The text after the user stopped typing for a moment. */
export function useDebounced(text: string, ms = DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** One device, read when chosen (its name and data keys). */
export const useDevice = (deviceId: number | null) =>
  useQuery({ ...deviceQuery(deviceId ?? 0), enabled: deviceId !== null });

/** The first devices by name that match what was typed, among those the user may see. */
export function useDeviceSearch(text: string, filters?: DeviceFilters) {
  const search = useDebounced(text.trim());
  return useQuery(
    deviceListQuery({
      page: 1,
      pageSize: DEVICE_CHOICES,
      sort: 'name',
      ...(search ? { search } : {}),
      ...(filters ? { filters } : {}),
    }),
  );
}

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
