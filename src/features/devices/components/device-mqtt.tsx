import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { PasswordField, TextField } from '../../../ui/form/text-field.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { MqttForwardState } from './mqtt-forward-state.tsx';
import { Actions, FormGrid, PlainFieldset } from './tab-parts.tsx';

const blank = (value: string) => (value.trim() === '' ? null : value.trim());

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
  const [form, setForm] = useState({
    deviceIdField: f?.deviceIdField ?? '',
    topic: f?.topic ?? '',
    host: f?.host ?? '',
    user: f?.user ?? '',
    password: '',
    wlHost: f?.wlHost ?? '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((old) => ({ ...old, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        mqttForward: {
          deviceIdField: blank(form.deviceIdField),
          topic: blank(form.topic),
          host: blank(form.host),
          user: blank(form.user),
          wlHost: blank(form.wlHost),
          ...(form.password === '' ? {} : { password: form.password }),
        },
      },
      {
        onSuccess: () => {
          setForm((old) => ({ ...old, password: '' }));
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
    );
  };

  return (
    <Section>
      <h2>
        <Trans>MQTT forward</Trans>
      </h2>
      <MqttForwardState deviceId={device.id} />
      <form onSubmit={submit}>
        <PlainFieldset disabled={!canModify || save.isPending}>
          <FormGrid>
            <TextField
              label={t`Device id field`}
              value={form.deviceIdField}
              maxLength={100}
              onChange={set('deviceIdField')}
            />
            <TextField
              label={t`Topic`}
              value={form.topic}
              maxLength={500}
              onChange={set('topic')}
            />
            <TextField
              label={t`Host`}
              value={form.host}
              maxLength={500}
              help={t`host:port, or an mqtt://, mqtts://, ws:// or wss:// address`}
              onChange={set('host')}
            />
            <TextField
              label={t`User`}
              value={form.user}
              maxLength={200}
              autoComplete="off"
              onChange={set('user')}
            />
            <PasswordField
              label={t`Password`}
              value={form.password}
              maxLength={500}
              autoComplete="new-password"
              help={
                f?.passwordSet
                  ? t`A password is set. Leave empty to keep it.`
                  : t`No password is set.`
              }
              onChange={set('password')}
            />
            <TextField
              label={t`White-label host`}
              value={form.wlHost}
              maxLength={500}
              onChange={set('wlHost')}
            />
          </FormGrid>
          {canModify ? (
            <Actions>
              <Button type="submit">
                <Trans>Save</Trans>
              </Button>
            </Actions>
          ) : null}
        </PlainFieldset>
      </form>
    </Section>
  );
}
