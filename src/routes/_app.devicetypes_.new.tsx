import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  createDeviceType,
  deviceTypeKeys,
  type DeviceTypeInput,
} from '../features/device-types/api/queries.ts';
import { DeviceTypeForm } from '../features/device-types/components/device-type-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/devicetypes_/new')({
  staticData: {
    title: msg`New device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context }) => void context.queryClient.prefetchQuery(organisationChoicesQuery()),
  component: NewDeviceTypePage,
});

function NewDeviceTypePage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useMutation({
    mutationFn: (input: DeviceTypeInput) => createDeviceType(input),
    onSuccess: async (deviceType) => {
      queryClient.setQueryData(deviceTypeKeys.detail(deviceType.id), deviceType);
      await queryClient.invalidateQueries({ queryKey: deviceTypeKeys.lists() });
      notify(t`Created`, 'success');
      await navigate({ to: '/devicetype/$id', params: { id: String(deviceType.id) } });
    },
    onError: (error) => notify(error.message || t`Creation failed`, 'error'),
  });

  if (!hasPrivilege(user, 'deviceType.create')) {
    return (
      <NotFound>
        <Trans>Your group may not create device types.</Trans>
      </NotFound>
    );
  }
  return (
    <>
      <PageTitle>{t`New device type`}</PageTitle>
      <QueryView query={orgs}>
        {(choices) => (
          <DeviceTypeForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(input) => save.mutate(input)}
            onCancel={() => void navigate({ href: '/devicetypes' })}
          />
        )}
      </QueryView>
    </>
  );
}
