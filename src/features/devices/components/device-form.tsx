import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import {
  locationTypes,
  type Availability,
  type Device,
  type DeviceCreate,
  type LocationType,
} from '../../../../contracts/device.ts';
import type { Ref } from '../../../../contracts/list.ts';
import { deviceTypeChoicesQuery } from '../../../api/device-types/queries.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { registryChoicesQuery } from '../../../api/registries/queries.ts';
import { availabilityLabels, locationTypeLabels } from './labels.ts';
import { Actions, ErrorText, FieldLabel, FormGrid, Select } from './tab-parts.tsx';

const TextArea = styled.textarea`
  min-height: 90px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  resize: vertical;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 42px;
  font-weight: 600;
  input {
    width: 18px;
    height: 18px;
  }
`;

const hardwareFields = [
  'model',
  'cellNumber',
  'simId',
  'simProvider',
  'modemModel',
  'modemImei',
  'memory',
  'memoryModel',
  'adapter',
  'wifiModule',
] as const;
type HardwareText = (typeof hardwareFields)[number];

/** The server's unique-name rule (server/schemas/device.ts). */
const UNIQUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

interface Values {
  name: string;
  uniqueName: string;
  description: string;
  orgUuid: string;
  registryId: string;
  deviceTypeId: string;
  locType: LocationType;
  availability: Availability;
  communication: boolean;
  calibrated: boolean;
  address: string;
  lat: string;
  lng: string;
  calibrationType: '' | 'count' | 'time';
  calibrationValue: string;
  reminderMonths: '' | '3' | '6' | '9' | '12';
  hardware: Record<HardwareText, string>;
  cpuTemperature: string;
}

function initialValues(device: Device | undefined, orgUuid: string): Values {
  const h = device?.hardware;
  const c = device?.calibration;
  return {
    name: device?.name ?? '',
    uniqueName: device?.uniqueName ?? '',
    description: device?.description ?? '',
    orgUuid: device?.org.uuid ?? orgUuid,
    registryId: device?.registry ? String(device.registry.id) : '',
    deviceTypeId: device?.deviceType ? String(device.deviceType.id) : '',
    locType: device?.locType ?? 'unspecified',
    availability: device?.availability ?? 'free',
    communication: device?.communication ?? true,
    calibrated: device?.calibrated ?? false,
    address: device?.address ?? '',
    lat: device?.lat === null || device?.lat === undefined ? '' : String(device.lat),
    lng: device?.lng === null || device?.lng === undefined ? '' : String(device.lng),
    calibrationType: c?.type === 'count' || c?.type === 'time' ? c.type : '',
    calibrationValue: c?.value === null || c?.value === undefined ? '' : String(c.value),
    reminderMonths:
      c?.reminderMonths === 3 ||
      c?.reminderMonths === 6 ||
      c?.reminderMonths === 9 ||
      c?.reminderMonths === 12
        ? (String(c.reminderMonths) as Values['reminderMonths'])
        : '',
    hardware: Object.fromEntries(hardwareFields.map((f) => [f, h?.[f] ?? ''])) as Record<
      HardwareText,
      string
    >,
    cpuTemperature:
      h?.cpuTemperature === null || h?.cpuTemperature === undefined ? '' : String(h.cpuTemperature),
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** Options for a picker, keeping the current link even when the list does not hold it. */
function withCurrent(options: Ref[] | undefined, current: Ref | null | undefined): Ref[] {
  const list = options ?? [];
  return current && !list.some((o) => o.id === current.id) ? [current, ...list] : list;
}

/**
 * The create and edit form of a device: name (required), unique name, description,
 * organisation, registry and device type pickers, location (when calibrated),
 * availability, communication, calibration and hardware. Validates as the API does.
 */
export function DeviceForm({
  device,
  defaultOrgUuid,
  submitLabel,
  busy,
  serverError,
  onSubmit,
  onCancel,
}: {
  device?: Device;
  defaultOrgUuid: string;
  submitLabel: ReactNode;
  busy: boolean;
  serverError: string | null;
  onSubmit: (input: DeviceCreate) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(device, defaultOrgUuid));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const orgs = useQuery(organisationChoicesQuery());
  const registries = useQuery(registryChoicesQuery());
  const types = useQuery(deviceTypeChoicesQuery());

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  function validate(): Partial<Record<keyof Values, string>> {
    const found: Partial<Record<keyof Values, string>> = {};
    if (values.name.trim() === '') found.name = t`The name is required.`;
    if (values.uniqueName.trim() !== '' && !UNIQUE_NAME.test(values.uniqueName.trim()))
      found.uniqueName = t`Letters, digits and _ . : - only, starting with a letter or digit.`;
    const lat = numberOrNull(values.lat);
    if (values.calibrated && lat !== null && !(lat >= -90 && lat <= 90))
      found.lat = t`Between -90 and 90.`;
    const lng = numberOrNull(values.lng);
    if (values.calibrated && lng !== null && !(lng >= -180 && lng <= 180))
      found.lng = t`Between -180 and 180.`;
    const cpu = numberOrNull(values.cpuTemperature);
    if (cpu !== null && !(cpu >= -100 && cpu <= 200))
      found.cpuTemperature = t`Between -100 and 200.`;
    const value = numberOrNull(values.calibrationValue);
    if (value !== null && !(value >= 0)) found.calibrationValue = t`Zero or more.`;
    return found;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const hardware: DeviceCreate['hardware'] = {
      ...Object.fromEntries(hardwareFields.map((f) => [f, text(values.hardware[f])])),
      cpuTemperature: numberOrNull(values.cpuTemperature),
    };
    onSubmit({
      name: values.name.trim(),
      uniqueName: text(values.uniqueName),
      description: text(values.description),
      orgUuid: values.orgUuid,
      registryId: values.registryId === '' ? null : Number(values.registryId),
      deviceTypeId: values.deviceTypeId === '' ? null : Number(values.deviceTypeId),
      locType: values.locType,
      availability: values.availability,
      communication: values.communication,
      calibrated: values.calibrated,
      // An uncalibrated device shows no location (spec §4); what is stored stays as it was.
      ...(values.calibrated
        ? {
            address: text(values.address),
            lat: numberOrNull(values.lat),
            lng: numberOrNull(values.lng),
          }
        : {}),
      calibration: {
        ...(values.calibrationType === '' ? {} : { type: values.calibrationType }),
        value: numberOrNull(values.calibrationValue),
        reminderMonths:
          values.reminderMonths === '' ? null : (Number(values.reminderMonths) as 3 | 6 | 9 | 12),
        calibratedAt: device?.calibration.calibratedAt ?? null,
      },
      hardware,
    });
  };

  const orgOptions = orgs.data ?? (device ? [device.org] : []);
  const hardwareLabels: Record<HardwareText, string> = {
    model: t`Hardware model`,
    cellNumber: t`Cell number`,
    simId: t`SIM id`,
    simProvider: t`SIM provider`,
    modemModel: t`Modem model`,
    modemImei: t`Modem IMEI`,
    memory: t`Memory`,
    memoryModel: t`Memory model`,
    adapter: t`Adapter (power)`,
    wifiModule: t`Wi-Fi module`,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Section>
        <h2>
          <Trans>Device</Trans>
        </h2>
        <FormGrid>
          <TextField
            label={t`Name`}
            required
            maxLength={200}
            value={values.name}
            error={errors.name ?? false}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t`Unique name`}
            maxLength={100}
            value={values.uniqueName}
            error={errors.uniqueName ?? false}
            onChange={(e) => set('uniqueName', e.target.value)}
          />
          <FieldLabel htmlFor={`${id}-org`}>
            <Trans>Organisation</Trans>
            <Select
              id={`${id}-org`}
              value={values.orgUuid}
              onChange={(e) => set('orgUuid', e.target.value)}
            >
              {orgOptions.map((o) => (
                <option key={o.uuid} value={o.uuid}>
                  {o.name}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel htmlFor={`${id}-registry`}>
            <Trans>Registry</Trans>
            <Select
              id={`${id}-registry`}
              value={values.registryId}
              onChange={(e) => set('registryId', e.target.value)}
            >
              <option value="">{t`None`}</option>
              {withCurrent(registries.data, device?.registry).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel htmlFor={`${id}-type`}>
            <Trans>Device type</Trans>
            <Select
              id={`${id}-type`}
              value={values.deviceTypeId}
              onChange={(e) => set('deviceTypeId', e.target.value)}
            >
              <option value="">{t`None`}</option>
              {withCurrent(types.data, device?.deviceType).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel htmlFor={`${id}-availability`}>
            <Trans>Availability</Trans>
            <Select
              id={`${id}-availability`}
              value={values.availability}
              onChange={(e) => set('availability', e.target.value === 'busy' ? 'busy' : 'free')}
            >
              {(['free', 'busy'] as const).map((a) => (
                <option key={a} value={a}>
                  {i18n._(availabilityLabels[a])}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel htmlFor={`${id}-communication`}>
            <Trans>Communication</Trans>
            <Select
              id={`${id}-communication`}
              value={values.communication ? 'allowed' : 'blocked'}
              onChange={(e) => set('communication', e.target.value === 'allowed')}
            >
              <option value="allowed">{t`Allowed`}</option>
              <option value="blocked">{t`Blocked`}</option>
            </Select>
          </FieldLabel>
        </FormGrid>
        <FieldLabel htmlFor={`${id}-description`} style={{ marginTop: 14 }}>
          <Trans>Description</Trans>
          <TextArea
            id={`${id}-description`}
            maxLength={2000}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </FieldLabel>
      </Section>

      <Section>
        <h2>
          <Trans>Location and calibration</Trans>
        </h2>
        <FormGrid>
          <FieldLabel htmlFor={`${id}-loctype`}>
            <Trans>Location type</Trans>
            <Select
              id={`${id}-loctype`}
              value={values.locType}
              onChange={(e) =>
                set('locType', locationTypes.find((l) => l === e.target.value) ?? 'unspecified')
              }
            >
              {locationTypes.map((l) => (
                <option key={l} value={l}>
                  {i18n._(locationTypeLabels[l])}
                </option>
              ))}
            </Select>
          </FieldLabel>
          <Check>
            <input
              type="checkbox"
              checked={values.calibrated}
              onChange={(e) => set('calibrated', e.target.checked)}
            />
            <Trans>Calibrated</Trans>
          </Check>
          {values.calibrated ? (
            <>
              <TextField
                label={t`Address`}
                maxLength={300}
                value={values.address}
                onChange={(e) => set('address', e.target.value)}
              />
              <TextField
                label={t`Latitude`}
                inputMode="decimal"
                value={values.lat}
                error={errors.lat ?? false}
                onChange={(e) => set('lat', e.target.value)}
              />
              <TextField
                label={t`Longitude`}
                inputMode="decimal"
                value={values.lng}
                error={errors.lng ?? false}
                onChange={(e) => set('lng', e.target.value)}
              />
            </>
          ) : null}
          <FieldLabel htmlFor={`${id}-caltype`}>
            <Trans>Calibrated by</Trans>
            <Select
              id={`${id}-caltype`}
              value={values.calibrationType}
              onChange={(e) =>
                set(
                  'calibrationType',
                  e.target.value === 'count' || e.target.value === 'time' ? e.target.value : '',
                )
              }
            >
              <option value="">{t`Not set`}</option>
              <option value="count">{t`Count`}</option>
              <option value="time">{t`Time (minutes)`}</option>
            </Select>
          </FieldLabel>
          <TextField
            label={t`Calibration value`}
            inputMode="decimal"
            value={values.calibrationValue}
            error={errors.calibrationValue ?? false}
            onChange={(e) => set('calibrationValue', e.target.value)}
          />
          <FieldLabel htmlFor={`${id}-reminder`}>
            <Trans>Reminder</Trans>
            <Select
              id={`${id}-reminder`}
              value={values.reminderMonths}
              onChange={(e) =>
                set(
                  'reminderMonths',
                  (['3', '6', '9', '12'] as const).find((m) => m === e.target.value) ?? '',
                )
              }
            >
              <option value="">{t`No reminder`}</option>
              {(['3', '6', '9', '12'] as const).map((months) => (
                <option key={months} value={months}>
                  {t`Every ${months} months`}
                </option>
              ))}
            </Select>
          </FieldLabel>
        </FormGrid>
      </Section>

      <Section>
        <h2>
          <Trans>Hardware</Trans>
        </h2>
        <FormGrid>
          {hardwareFields.map((f) => (
            <TextField
              key={f}
              label={hardwareLabels[f]}
              maxLength={100}
              value={values.hardware[f]}
              onChange={(e) => set('hardware', { ...values.hardware, [f]: e.target.value })}
            />
          ))}
          <TextField
            label={t`CPU temperature (°C)`}
            inputMode="decimal"
            value={values.cpuTemperature}
            error={errors.cpuTemperature ?? false}
            onChange={(e) => set('cpuTemperature', e.target.value)}
          />
        </FormGrid>
      </Section>

      {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
      <Actions>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Actions>
    </form>
  );
}
