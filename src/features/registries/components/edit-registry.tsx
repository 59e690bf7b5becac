import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Registry } from '../../../../contracts/registry.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { withOrgMove } from '../../../api/entity-writes.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useUpdateRegistry } from '../../../api/registries/mutations.ts';
import { registryQuery } from '../../../api/registries/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { RegistryForm } from './registry-form.tsx';

/** A registry's edit form; a move to another organisation needs its own privilege. */
export function EditRegistry({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const registry = useQuery(registryQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateRegistry();
  const open = (target: Pick<Registry, 'id'>) =>
    void navigate({ to: '/registry/$id', params: { id: String(target.id) } });
  const outcome = useSaveOutcome({ success: t`Saved`, failure: t`Update failed`, open });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'registry.modify')}
      refusal={<Trans>Your group may not change registries.</Trans>}
      missing={id === 0}
      title={t`Edit registry`}
    >
      <QueryView query={registry}>
        {(current) => (
          <QueryView query={orgs}>
            {(choices) => (
              <RegistryForm
                registry={current}
                orgs={choices}
                defaultOrg={current.org.uuid}
                canChooseOrg={hasPrivilege(user, 'registry.changeparent')}
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
