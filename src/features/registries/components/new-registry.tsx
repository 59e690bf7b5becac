import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useCreateRegistry } from '../../../api/registries/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { RegistryForm } from './registry-form.tsx';

/** A new registry, in the user's own organisation unless they choose another. */
export function NewRegistry({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateRegistry();

  if (!hasPrivilege(user, 'registry.create')) {
    return (
      <NotFound>
        <Trans>Your group may not create registries.</Trans>
      </NotFound>
    );
  }
  return (
    <>
      <PageTitle>{t`New registry`}</PageTitle>
      <QueryView query={orgs}>
        {(choices) => (
          <RegistryForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(body) =>
              save.mutate(body, {
                onSuccess: (registry) => {
                  notify(t`Created`, 'success');
                  void navigate({ to: '/registry/$id', params: { id: String(registry.id) } });
                },
                onError: (error) => notify(error.message || t`Creation failed`, 'error'),
              })
            }
            onCancel={() => void navigate({ href: '/registries' })}
          />
        )}
      </QueryView>
    </>
  );
}
