import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import styled from 'styled-components';
import { deviceTypeChoicesQuery, deviceTypeQuery } from '../../../api/device-types/queries.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { FormGrid, FormSection, SelectField } from '../../../ui/form/fields.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { useDeviceSearch } from '../../../api/devices/search.ts';
import type { EditorControl } from './editor-model.ts';
import { deviceTypeKeys, KeySelect, type KeyInfo } from './key-select.tsx';
import { ReadFields, SourceFactorField } from './source-fields.tsx';

/** The contract's limit (MultiChartGraph.deviceIds). */
const MAX_DEVICES = 50;

const Devices = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    padding: 0;
    font-size: 0.875rem;
    font-weight: 600;
  }
  ul {
    list-style: none;
    margin: 4px 0 0;
    padding: 0;
    max-height: 240px;
    overflow: auto;
  }
  p {
    margin: 4px 0 0;
    font-size: 0.8125rem;
  }
  p[role='alert'] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Box = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 40px;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** One device to tick; a chosen one the search does not show is named once it is read. */
function DeviceBox({
  id,
  name,
  checked,
  disabled = false,
  onChange,
}: {
  id: number;
  name: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useLingui();
  const device = useQuery({ ...deviceQuery(id), enabled: name === undefined });
  return (
    <li>
      <Box>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        {name ?? device.data?.name ?? t`Device ${id}`}
      </Box>
    </li>
  );
}

/**
 * Devices as boxes to tick (of one type, when given; a map's may be of any);
 * the chosen ones stay listed first.
 */
export function DeviceBoxes({
  control,
  deviceTypeId,
  max = MAX_DEVICES,
  help,
}: {
  control: EditorControl;
  deviceTypeId?: number | undefined;
  max?: number;
  help?: string | undefined;
}) {
  const { t } = useLingui();
  const id = useId();
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name: 'deviceIds' });
  const [text, setText] = useState('');
  const list = useDeviceSearch(text, deviceTypeId === undefined ? {} : { deviceTypeId });
  const chosen = field.value;
  const items = list.data?.items ?? [];
  const toggle = (deviceId: number, on: boolean) =>
    field.onChange(on ? [...chosen, deviceId] : chosen.filter((d) => d !== deviceId));
  const full = chosen.length >= max;
  const error = fieldState.error?.message;
  return (
    <Devices className="wide" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        <Trans>Devices</Trans>
      </legend>
      <TextField
        ref={ref}
        type="search"
        label={t`Find a device`}
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <ul>
        {chosen.map((deviceId) => (
          <DeviceBox
            key={deviceId}
            id={deviceId}
            name={items.find((d) => d.id === deviceId)?.name}
            checked
            onChange={() => toggle(deviceId, false)}
          />
        ))}
        {items
          .filter((d) => !chosen.includes(d.id))
          .map((device) => (
            <DeviceBox
              key={device.id}
              id={device.id}
              name={device.name}
              checked={false}
              disabled={full}
              onChange={() => toggle(device.id, true)}
            />
          ))}
      </ul>
      <p>
        {list.isError
          ? t`The devices could not be loaded.`
          : full
            ? t`At most ${max} devices.`
            : t`${chosen.length} chosen.`}
        {help ? ` ${help}` : null}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </Devices>
  );
}

/** A multi-source chart: one data key read on several devices of one device type. */
export function MultiSourceFields({ control }: { control: EditorControl }) {
  const { t } = useLingui();
  const types = useQuery(deviceTypeChoicesQuery());
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control, name: 'deviceTypeId' });
  const ids = useController({ control, name: 'deviceIds' });
  const deviceType = useQuery({
    ...deviceTypeQuery(field.value ?? 0),
    enabled: field.value !== null,
  });
  const listed = types.data ?? [];
  const options = [
    { value: '' as const, label: t`Choose a device type` },
    ...(field.value !== null && !listed.some((d) => d.id === field.value)
      ? [{ value: field.value, label: deviceType.data?.name ?? t`Device type ${field.value}` }]
      : []),
    ...listed.map((d) => ({ value: d.id, label: d.name })),
  ];
  const keys: KeyInfo[] | undefined = deviceType.data ? deviceTypeKeys(deviceType.data) : undefined;
  const typeId = field.value;
  return (
    <FormSection>
      <legend>
        <Trans>Data</Trans>
      </legend>
      <FormGrid>
        <SelectField
          ref={ref}
          name={field.name}
          label={t`Device type`}
          value={field.value ?? ''}
          options={options}
          onChange={(value) => {
            field.onChange(value === '' ? null : value);
            // Devices of another type do not send its keys.
            if (value !== field.value) ids.field.onChange([]);
          }}
          onBlur={field.onBlur}
          help={types.isError ? t`The device types could not be loaded.` : undefined}
          {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
        />
        <KeySelect
          control={control}
          name="dataSource.dataKey"
          label={t`Data key`}
          keys={keys}
          help={typeId === null ? t`Choose a device type first.` : undefined}
        />
        <ReadFields control={control} path="dataSource" />
        <SourceFactorField control={control} path="dataSource" />
        {typeId === null ? null : <DeviceBoxes control={control} deviceTypeId={typeId} />}
      </FormGrid>
    </FormSection>
  );
}
