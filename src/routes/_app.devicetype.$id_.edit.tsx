import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  deviceTypeKeys,
  deviceTypeQuery,
  updateDeviceType,
  type DeviceType,
  type DeviceTypeInput,
} from '../features/device-types/api/queries.ts';
import { DeviceTypeForm } from '../features/device-types/components/device-type-form.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/devicetype/$id_/edit')({
  staticData: {
    title: msg`Edit device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(deviceTypeQuery(entityId(params.id)));
    void context.queryClient.prefetchQuery(organisationChoicesQuery());
  },
  component: EditDeviceTypePage,
});

function EditDeviceTypePage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const id = entityId(Route.useParams().id);
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const deviceType = useQuery(deviceTypeQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useMutation({
    mutationFn: ({ current, input }: { current: DeviceType; input: DeviceTypeInput }) =>
      updateDeviceType(current.id, {
        name: input.name,
        description: input.description,
        metadata: input.metadata,
        decoderFunctionId: input.decoderFunctionId,
        structure: input.structure,
        // Sent only when it changes: a move needs its own privilege.
        ...(input.orgUuid !== current.org.uuid && { orgUuid: input.orgUuid }),
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(deviceTypeKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: deviceTypeKeys.lists() });
      notify(t`Saved`, 'success');
      await navigate({ to: '/devicetype/$id', params: { id: String(saved.id) } });
    },
    onError: (error) => notify(error.message || t`Update failed`, 'error'),
  });

  if (!hasPrivilege(user, 'deviceType.modify')) {
    return (
      <NotFound>
        <Trans>Your group may not change device types.</Trans>
      </NotFound>
    );
  }
  return (
    <>
      <PageTitle>{t`Edit device type`}</PageTitle>
      <QueryView query={deviceType}>
        {(current) => (
          <QueryView query={orgs}>
            {(choices) => (
              <DeviceTypeForm
                deviceType={current}
                orgs={choices}
                defaultOrg={current.org.uuid}
                canChooseOrg={hasPrivilege(user, 'deviceType.changeparent')}
                busy={save.isPending}
                error={save.error?.message}
                onSubmit={(input) => save.mutate({ current, input })}
                onCancel={() =>
                  void navigate({ to: '/devicetype/$id', params: { id: String(current.id) } })
                }
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}
