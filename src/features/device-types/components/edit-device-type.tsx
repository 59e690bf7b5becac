import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useUpdateDeviceType } from '../../../api/device-types/mutations.ts';
import { deviceTypeQuery } from '../../../api/device-types/queries.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { DeviceTypeForm } from './device-type-form.tsx';

/** A device type's edit form; a move to another organisation needs its own privilege. */
export function EditDeviceType({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const deviceType = useQuery(deviceTypeQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateDeviceType();

  if (!hasPrivilege(user, 'deviceType.modify')) {
    return (
      <NotFound>
        <Trans>Your group may not change device types.</Trans>
      </NotFound>
    );
  }
  if (id === 0) return <NotFound />;
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
                onSubmit={({ orgUuid, ...body }) =>
                  save.mutate(
                    // The organisation is sent only when it changes: a move needs its own privilege.
                    { ...body, id: current.id, ...(orgUuid !== current.org.uuid && { orgUuid }) },
                    {
                      onSuccess: (saved) => {
                        notify(t`Saved`, 'success');
                        void navigate({ to: '/devicetype/$id', params: { id: String(saved.id) } });
                      },
                      onError: (error) => notify(error.message || t`Update failed`, 'error'),
                    },
                  )
                }
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
