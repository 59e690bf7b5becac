import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useUpdateRegistry } from '../../../api/registries/mutations.ts';
import { registryQuery } from '../../../api/registries/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { RegistryForm } from './registry-form.tsx';

/** A registry's edit form; a move to another organisation needs its own privilege. */
export function EditRegistry({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const registry = useQuery(registryQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateRegistry();

  if (!hasPrivilege(user, 'registry.modify')) {
    return (
      <NotFound>
        <Trans>Your group may not change registries.</Trans>
      </NotFound>
    );
  }
  if (id === 0) return <NotFound />;
  return (
    <>
      <PageTitle>{t`Edit registry`}</PageTitle>
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
                onSubmit={({ orgUuid, ...body }) =>
                  save.mutate(
                    // The organisation is sent only when it changes: a move needs its own privilege.
                    { ...body, id: current.id, ...(orgUuid !== current.org.uuid && { orgUuid }) },
                    {
                      onSuccess: (saved) => {
                        notify(t`Saved`, 'success');
                        void navigate({ to: '/registry/$id', params: { id: String(saved.id) } });
                      },
                      onError: (error) => notify(error.message || t`Update failed`, 'error'),
                    },
                  )
                }
                onCancel={() =>
                  void navigate({ to: '/registry/$id', params: { id: String(current.id) } })
                }
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}
