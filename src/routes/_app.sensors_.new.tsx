import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { invalidateDeviceHolders } from '../features/devices/api/mutations.ts';
import { createDevice, deviceKeys, type DeviceInput } from '../features/devices/api/queries.ts';
import { DeviceForm } from '../features/devices/components/device-form.tsx';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/sensors_/new')({
  staticData: {
    title: msg`New device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  component: NewDevicePage,
});

function NewDevicePage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: DeviceInput) => createDevice(input),
    onSuccess: async (device) => {
      queryClient.setQueryData(deviceKeys.detail(device.id), device);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.lists() }),
        invalidateDeviceHolders(queryClient),
      ]);
      notify(t`Created`, 'success');
      void navigate({ to: '/sensor/$id', params: { id: String(device.id) } });
    },
    onError: () => notify(t`Creation failed`, 'error'),
  });

  if (!hasPrivilege(user, 'device.create'))
    return <NotFound>{t`Your group may not create devices.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`New device`}</PageTitle>
      <DeviceForm
        defaultOrgUuid={user.org.uuid}
        submitLabel={<Trans>Create</Trans>}
        busy={create.isPending}
        serverError={create.error instanceof ApiError ? create.error.message : null}
        onSubmit={(input) => create.mutate(input)}
        onCancel={() => void navigate({ to: '/sensors' })}
      />
    </>
  );
}
