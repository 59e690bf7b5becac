import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useUpdateDeviceType } from '../../../api/device-types/mutations.ts';
import { deviceTypeQuery } from '../../../api/device-types/queries.ts';
import { withOrgMove } from '../../../api/entity-writes.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { DeviceTypeForm } from './device-type-form.tsx';

/** A device type's edit form; a move to another organisation needs its own privilege. */
export function EditDeviceType({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const deviceType = useQuery(deviceTypeQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateDeviceType();
  const open = (target: Pick<DeviceType, 'id'>) =>
    void navigate({ to: '/devicetype/$id', params: { id: String(target.id) } });
  const outcome = useSaveOutcome({ success: t`Saved`, failure: t`Update failed`, open });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'deviceType.modify')}
      refusal={<Trans>Your group may not change device types.</Trans>}
      missing={id === 0}
      title={t`Edit device type`}
    >
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
                onSubmit={(body) => save.mutate(withOrgMove(body, current), outcome)}
                onCancel={() => open(current)}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </EntityFormPage>
  );
}
