import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCreateDeviceType } from '../../../api/device-types/mutations.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { DeviceTypeForm } from './device-type-form.tsx';

/** A new device type, in the user's own organisation unless they choose another. */
export function NewDeviceType({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateDeviceType();

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
            onSubmit={(body) =>
              save.mutate(body, {
                onSuccess: (deviceType) => {
                  notify(t`Created`, 'success');
                  void navigate({ to: '/devicetype/$id', params: { id: String(deviceType.id) } });
                },
                onError: (error) => notify(error.message || t`Creation failed`, 'error'),
              })
            }
            onCancel={() => void navigate({ href: '/devicetypes' })}
          />
        )}
      </QueryView>
    </>
  );
}
