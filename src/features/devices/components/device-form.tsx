import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DeviceCreate, type Device } from '../../../../contracts/device.ts';
import { Button } from '../../../ui/button.tsx';
import { FormActions, FormError } from '../../../ui/form/fields.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { initialValues, messages, toBody } from './device-form-model.ts';
import { DeviceHardwareFields } from './device-hardware-fields.tsx';
import { DeviceIdentityFields } from './device-identity-fields.tsx';
import { DeviceLocationFields } from './device-location-fields.tsx';

/**
 * The create and edit form of a device: what it is and whose, its location and
 * calibration, and its hardware. Checked by the device contract, as the API
 * checks it; the input stays when the server refuses it.
 */
export function DeviceForm({
  device,
  defaultOrgUuid,
  submitLabel,
  busy,
  serverError,
  onSubmit,
  onCancel,
  canPlace = true,
}: {
  device?: Device;
  /** Whether the user may change where the device stands (a new device: always). */
  canPlace?: boolean;
  defaultOrgUuid: string;
  submitLabel: ReactNode;
  busy: boolean;
  serverError: string | null;
  onSubmit: (body: DeviceCreate) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const form = useContractForm({
    schema: DeviceCreate,
    defaultValues: initialValues(device, defaultOrgUuid, i18n.locale),
    toBody: (values) => toBody(values, device),
    messages,
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <DeviceIdentityFields control={form.control} setValue={form.setValue} device={device} />
      <DeviceLocationFields control={form.control} canPlace={canPlace} />
      <DeviceHardwareFields control={form.control} />
      <FormError message={serverError ?? undefined} />
      <FormActions>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </FormActions>
    </form>
  );
}
