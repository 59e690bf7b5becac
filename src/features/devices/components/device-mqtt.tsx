import { Trans, useLingui } from '@lingui/react/macro';
import { MqttForwardInput, type Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { FormActions, FormGrid } from '../../../ui/form/fields.tsx';
import { PasswordInput, TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { MqttForwardState } from './mqtt-forward-state.tsx';
import { PlainFieldset } from './tab-parts.tsx';

interface Values {
  deviceIdField: string;
  topic: string;
  host: string;
  user: string;
  password: string;
  wlHost: string;
}

/** An empty password keeps the one that is set. */
const toBody = (values: Values) => ({
  deviceIdField: textOrNull(values.deviceIdField),
  topic: textOrNull(values.topic),
  host: textOrNull(values.host),
  user: textOrNull(values.user),
  wlHost: textOrNull(values.wlHost),
  ...(values.password === '' ? {} : { password: values.password }),
});

/**
 * The MQTT forward tab: where the device's messages are also sent, and the
 * forward's state. The password is write-only: the API says only whether one
 * is set, and an empty field keeps it. Hosts: host:port, mqtt(s)://, ws(s)://.
 */
export function DeviceMqttForward({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const f = device.mqttForward;
  const form = useContractForm({
    schema: MqttForwardInput,
    defaultValues: {
      deviceIdField: f?.deviceIdField ?? '',
      topic: f?.topic ?? '',
      host: f?.host ?? '',
      user: f?.user ?? '',
      password: '',
      wlHost: f?.wlHost ?? '',
    },
    toBody,
  });

  const submit = form.handleSubmit((mqttForward) =>
    save.mutate(
      { mqttForward },
      {
        onSuccess: () => {
          form.setValue('password', '');
          notify(t`MQTT settings saved`, 'success');
        },
        // A refused host is a 400 that names the field and why: the user can act on it.
        onError: (error) =>
          notify(
            error instanceof ApiError && error.status === 400
              ? `${t`MQTT settings could not be saved`}: ${error.message}`
              : t`MQTT settings could not be saved`,
            'error',
          ),
      },
    ),
  );

  return (
    <Section>
      <h2>
        <Trans>MQTT forward</Trans>
      </h2>
      <MqttForwardState deviceId={device.id} />
      <form onSubmit={submit} noValidate>
        <PlainFieldset disabled={!canModify || save.isPending}>
          <FormGrid>
            <TextInput
              control={form.control}
              name="deviceIdField"
              label={t`Device id field`}
              maxLength={100}
            />
            <TextInput control={form.control} name="topic" label={t`Topic`} maxLength={500} />
            <TextInput
              control={form.control}
              name="host"
              label={t`Host`}
              maxLength={500}
              help={t`host:port, or an mqtt://, mqtts://, ws:// or wss:// address`}
            />
            <TextInput
              control={form.control}
              name="user"
              label={t`User`}
              maxLength={200}
              autoComplete="off"
            />
            <PasswordInput
              control={form.control}
              name="password"
              label={t`Password`}
              maxLength={500}
              autoComplete="new-password"
              help={
                f?.passwordSet
                  ? t`A password is set. Leave empty to keep it.`
                  : t`No password is set.`
              }
            />
            <TextInput
              control={form.control}
              name="wlHost"
              label={t`White-label host`}
              maxLength={500}
            />
          </FormGrid>
          {canModify ? (
            <FormActions>
              <Button type="submit">
                <Trans>Save</Trans>
              </Button>
            </FormActions>
          ) : null}
        </PlainFieldset>
      </form>
    </Section>
  );
}
