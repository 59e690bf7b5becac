import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { Statistic } from '../../../../contracts/history.ts';
import { functionChoicesQuery } from '../../../api/functions/queries.ts';
import { FormGrid, FormSection, SelectField } from '../../../ui/form/fields.tsx';
import { SelectInput, TextInput } from '../../../ui/form/inputs.tsx';
import type { SourceRead } from '../graphs/editor-values.ts';
import { DevicePicker, useDevice } from './device-picker.tsx';
import type { EditorControl, SourcePath } from './editor-model.ts';
import { deviceKeys, KeySelect, type KeyInfo } from './key-select.tsx';

/** A cloud function whose output of the key the source reads. */
function FunctionSelect({ control, path }: { control: EditorControl; path: SourcePath }) {
  const { t } = useLingui();
  const functions = useQuery(functionChoicesQuery({ type: 'function' }));
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name: `${path}.functionId` });
  const listed = functions.data ?? [];
  const options = [
    { value: '' as const, label: t`Choose a cloud function` },
    ...(field.value !== null && !listed.some((f) => f.id === field.value)
      ? [{ value: field.value, label: t`Cloud function ${field.value}` }]
      : []),
    ...listed.map((f) => ({ value: f.id, label: f.name })),
  ];
  return (
    <SelectField
      ref={ref}
      name={field.name}
      label={t`Cloud function`}
      value={field.value ?? ''}
      options={options}
      onChange={(value) => field.onChange(value === '' ? null : value)}
      onBlur={field.onBlur}
      help={
        functions.isError
          ? t`The cloud functions could not be loaded.`
          : functions.isPending
            ? t`Loading…`
            : undefined
      }
      {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
    />
  );
}

/** How a source's key is read: as sent, a statistic of it, or a cloud function's output. */
export function ReadFields({ control, path }: { control: EditorControl; path: SourcePath }) {
  const { t } = useLingui();
  const read = useWatch({ control, name: `${path}.read` });
  const reads: { value: SourceRead; label: string }[] = [
    { value: 0, label: t`The value as sent` },
    { value: 1, label: t`A statistic of it` },
    { value: 2, label: t`A cloud function's output` },
  ];
  const statistics: { value: Statistic; label: string }[] = [
    { value: 'avg', label: t`Average` },
    { value: 'min', label: t`Lowest` },
    { value: 'max', label: t`Highest` },
    { value: 'sum', label: t`Sum` },
    { value: 'count', label: t`Count` },
  ];
  return (
    <>
      <SelectInput control={control} name={`${path}.read`} label={t`Read as`} options={reads} />
      {read === 1 ? (
        <SelectInput
          control={control}
          name={`${path}.statistic`}
          label={t`Statistic`}
          options={statistics}
        />
      ) : null}
      {read === 2 ? <FunctionSelect control={control} path={path} /> : null}
    </>
  );
}

/**
 * A source's own conversion factor (contract `DataSource.cf`): it multiplies
 * this source's values only, and the graph's factor (Display) then applies too.
 */
export function SourceFactorField({ control, path }: { control: EditorControl; path: SourcePath }) {
  const { t } = useLingui();
  return (
    <TextInput
      control={control}
      name={`${path}.cf`}
      label={t`Conversion factor`}
      inputMode="decimal"
      help={t`This source's values are multiplied by it; empty means 1.`}
    />
  );
}

/**
 * One data source: a device, one of its data keys, how it is read and its
 * conversion factor. A card's sources also name their own label and unit.
 */
export function SourceFields({
  control,
  path,
  legend,
  own = false,
  children,
  onKeyChosen,
}: {
  control: EditorControl;
  path: SourcePath;
  legend: ReactNode;
  /** A card's source: its own label and unit. */
  own?: boolean;
  /** Fields that belong with this source (a wind card's direction key). */
  children?: (keys: readonly KeyInfo[] | undefined) => ReactNode;
  onKeyChosen?: (info: KeyInfo | undefined) => void;
}) {
  const { t } = useLingui();
  const deviceId = useWatch({ control, name: `${path}.deviceId` });
  const device = useDevice(deviceId);
  const keys = device.data ? deviceKeys(device.data) : undefined;
  const keyHelp =
    deviceId === null
      ? t`Choose a device first.`
      : device.isError
        ? t`The device's data keys could not be loaded.`
        : device.isPending
          ? t`Loading…`
          : undefined;
  return (
    <FormSection>
      <legend>{legend}</legend>
      <FormGrid>
        <DevicePicker control={control} name={`${path}.deviceId`} />
        <KeySelect
          control={control}
          name={`${path}.dataKey`}
          label={t`Data key`}
          keys={keys}
          help={keyHelp}
          {...(onKeyChosen ? { onChosen: onKeyChosen } : {})}
        />
        <ReadFields control={control} path={path} />
        {children?.(keys)}
        {own ? (
          <>
            <TextInput control={control} name={`${path}.label`} label={t`Label`} />
            <TextInput control={control} name={`${path}.unit`} label={t`Unit`} />
          </>
        ) : null}
        <SourceFactorField control={control} path={path} />
      </FormGrid>
    </FormSection>
  );
}
