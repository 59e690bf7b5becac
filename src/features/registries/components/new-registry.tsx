import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Registry } from '../../../../contracts/registry.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { useCreateRegistry } from '../../../api/registries/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { RegistryForm } from './registry-form.tsx';

/** A new registry, in the user's own organisation unless they choose another. */
export function NewRegistry({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateRegistry();
  const outcome = useSaveOutcome({
    success: t`Created`,
    failure: t`Creation failed`,
    open: (registry: Registry) =>
      void navigate({ to: '/registry/$id', params: { id: String(registry.id) } }),
  });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'registry.create')}
      refusal={<Trans>Your group may not create registries.</Trans>}
      title={t`New registry`}
    >
      <QueryView query={orgs}>
        {(choices) => (
          <RegistryForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(body) => save.mutate(body, outcome)}
            onCancel={() => void navigate({ href: '/registries' })}
          />
        )}
      </QueryView>
    </EntityFormPage>
  );
}
