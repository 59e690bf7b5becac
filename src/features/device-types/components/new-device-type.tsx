import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useCreateDeviceType } from '../../../api/device-types/mutations.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { DeviceTypeForm } from './device-type-form.tsx';

/** A new device type, in the user's own organisation unless they choose another. */
export function NewDeviceType({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateDeviceType();
  const outcome = useSaveOutcome({
    success: t`Created`,
    failure: t`Creation failed`,
    open: (deviceType: DeviceType) =>
      void navigate({ to: '/devicetype/$id', params: { id: String(deviceType.id) } }),
  });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'deviceType.create')}
      refusal={<Trans>Your group may not create device types.</Trans>}
      title={t`New device type`}
    >
      <QueryView query={orgs}>
        {(choices) => (
          <DeviceTypeForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(body) => save.mutate(body, outcome)}
            onCancel={() => void navigate({ href: '/devicetypes' })}
          />
        )}
      </QueryView>
    </EntityFormPage>
  );
}
