import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useUpdateDevice } from '../features/devices/api/mutations.ts';
import { deviceQuery } from '../features/devices/api/queries.ts';
import { DeviceForm } from '../features/devices/components/device-form.tsx';
import { parseDeviceId } from '../features/devices/components/use-device-id.ts';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/sensor/$id_/edit')({
  staticData: {
    title: msg`Edit device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  component: EditDevicePage,
});

function EditDevicePage() {
  const id = parseDeviceId(Route.useParams().id);
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  if (id === null) return <NotFound />;
  if (!hasPrivilege(user, 'device.modify'))
    return <NotFound>{t`Your group may not change devices.`}</NotFound>;
  return <EditDevice id={id} />;
}

function EditDevice({ id }: { id: number }) {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const query = useQuery(deviceQuery(id));
  const save = useUpdateDevice(id);
  return (
    <QueryView query={query}>
      {(device) => (
        <>
          <PageTitle>{t`Edit ${device.name}`}</PageTitle>
          <DeviceForm
            key={device.id}
            device={device}
            defaultOrgUuid={user.org.uuid}
            submitLabel={<Trans>Save</Trans>}
            busy={save.isPending}
            serverError={save.error instanceof ApiError ? save.error.message : null}
            onSubmit={(input) =>
              save.mutate(input, {
                onSuccess: () => {
                  notify(t`Updated`, 'success');
                  void navigate({ to: '/sensor/$id', params: { id: String(id) } });
                },
                onError: () => notify(t`Update failed`, 'error'),
              })
            }
            onCancel={() => void navigate({ to: '/sensor/$id', params: { id: String(id) } })}
          />
        </>
      )}
    </QueryView>
  );
}
