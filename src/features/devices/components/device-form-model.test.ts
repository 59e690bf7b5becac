import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceCreate, type Device } from '../../../../contracts/device.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { contractResolver } from '../../../ui/form/contract-resolver.ts';
import { initialValues, messages, toBody, type DeviceFormValues } from './device-form-model.ts';

const ORG = '0b7f3c2e-8a61-4f2d-9c35-1d2e3f4a5b6c';

const resolve = (values: DeviceFormValues, device?: Device) =>
  contractResolver<DeviceFormValues, typeof DeviceCreate>(DeviceCreate, {
    toBody: (v) => toBody(v, device),
    messages,
  })(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const filled = (changes: Partial<DeviceFormValues> = {}): DeviceFormValues => ({
  ...initialValues(undefined, ORG),
  name: ' Gate counter ',
  ...changes,
});

beforeAll(() => activateLocale('en'));

describe('the device form', () => {
  it('sends a new device with trimmed text, no links, and its location though uncalibrated', async () => {
    const { values, errors } = await resolve(
      filled({ lat: '56.15362', lng: '10,2138', address: ' Torvet 1 ' }),
    );
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      name: 'Gate counter',
      uniqueName: null,
      orgUuid: ORG,
      registryId: null,
      deviceTypeId: null,
      communication: true,
      calibrated: false,
      address: 'Torvet 1',
      lat: 56.15362,
      lng: 10.2138,
      calibration: { value: null, reminderMonths: null, calibratedAt: null },
      hardware: { model: null, cpuTemperature: null },
    });
  });

  it('shows stored numbers without the noise of binary fractions', () => {
    const device = {
      org: { uuid: ORG, name: 'Byliv' },
      registry: null,
      deviceType: null,
      calibrated: true,
      lat: 56.1535 + 0.00012,
      lng: 10.214 - 0.0002,
      calibration: { value: 0.1 + 0.2 },
      hardware: {},
    } as unknown as Device;
    expect(initialValues(device, ORG)).toMatchObject({
      lat: '56.15362',
      lng: '10.2138',
      calibration: { value: '0.3' },
    });
    expect(initialValues(device, ORG, 'da')).toMatchObject({
      lat: '56,15362',
      lng: '10,2138',
      calibration: { value: '0,3' },
    });
  });

  it('says what is wrong in the field that holds it', async () => {
    const base = filled();
    const first = await resolve({
      ...base,
      name: '  ',
      uniqueName: '-x',
      calibrated: true,
      lat: '91',
    });
    expect(first.errors).toMatchObject({
      name: { message: 'The name is required.' },
      uniqueName: { message: 'Letters, digits and _ . : - only, starting with a letter or digit.' },
      lat: { message: 'Between -90 and 90.' },
    });
    const second = await resolve({
      ...base,
      calibrated: true,
      lng: 'east',
      calibration: { ...base.calibration, value: '-1' },
      hardware: { ...base.hardware, cpuTemperature: '250' },
    });
    expect(second.errors).toMatchObject({
      lng: { message: 'Enter a number' },
      calibration: { value: { message: 'Zero or more.' } },
      hardware: { cpuTemperature: { message: 'Between -100 and 200.' } },
    });
  });

  it('takes a device back as it was read', async () => {
    const device = {
      name: 'Gate',
      uniqueName: 'gate-1',
      description: null,
      org: { uuid: ORG, name: 'Byliv' },
      registry: { id: 3, name: 'Tællere' },
      deviceType: null,
      locType: 'square',
      availability: 'busy',
      communication: false,
      calibrated: true,
      address: 'Torvet 1',
      lat: 55.5,
      lng: 12.25,
      calibration: { type: 'time', value: 15, reminderMonths: 6, calibratedAt: '2026-01-02' },
      hardware: { model: 'X1', cpuTemperature: 41.5 },
    } as unknown as Device;
    const { values, errors } = await resolve(initialValues(device, 'other'), device);
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      uniqueName: 'gate-1',
      orgUuid: ORG,
      registryId: 3,
      deviceTypeId: null,
      locType: 'square',
      availability: 'busy',
      communication: false,
      address: 'Torvet 1',
      lat: 55.5,
      lng: 12.25,
      calibration: { type: 'time', value: 15, reminderMonths: 6, calibratedAt: '2026-01-02' },
      hardware: { model: 'X1', cpuTemperature: 41.5 },
    });
  });
});
