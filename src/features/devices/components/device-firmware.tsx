import { Trans, useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { Empty } from '../../../ui/status.tsx';
import { TextInput } from '../../../ui/form/inputs.tsx';
import { useContractForm } from '../../../ui/form/use-contract-form.ts';
import { textOrNull } from '../../../ui/form/values.ts';
import { FirmwareInput, type Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { InlineForm } from './tab-parts.tsx';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** The firmware tab: the installed version, a new one (added to the history) and the history. */
export function DeviceFirmware({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const form = useContractForm({
    schema: FirmwareInput,
    defaultValues: { version: '' },
    toBody: (values: { version: string }) => ({ version: textOrNull(values.version) }),
  });
  const version = useWatch({ control: form.control, name: 'version' });
  const submit = form.handleSubmit((firmware) =>
    save.mutate(
      { firmware },
      {
        onSuccess: () => {
          form.reset();
          notify(t`Updated`, 'success');
        },
        onError: (error) =>
          notify(error instanceof ApiError ? error.message : t`Update failed`, 'error'),
      },
    ),
  );
  const history = [...device.firmware.history].reverse();
  return (
    <>
      <Section>
        <h2>
          <Trans>Firmware</Trans>
        </h2>
        <FieldList fields={[{ label: t`Installed version`, value: device.firmware.version }]} />
        {canModify ? (
          <InlineForm onSubmit={submit} noValidate>
            <TextInput
              control={form.control}
              name="version"
              label={t`New version`}
              maxLength={50}
            />
            <Button type="submit" disabled={version.trim() === '' || save.isPending}>
              <Trans>Set version</Trans>
            </Button>
          </InlineForm>
        ) : null}
      </Section>
      <Section>
        <h2>
          <Trans>History</Trans>
        </h2>
        {history.length === 0 ? (
          <Empty>
            <Trans>No firmware history yet.</Trans>
          </Empty>
        ) : (
          <Table>
            <thead>
              <tr>
                <th>
                  <Trans>Version</Trans>
                </th>
                <th>
                  <Trans>Installed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, index) => (
                <tr key={`${index}-${entry.version}`}>
                  <td>{entry.version}</td>
                  <td>{formatDateTime(entry.installedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </>
  );
}
