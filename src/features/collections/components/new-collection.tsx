import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Collection } from '../../../../contracts/collection.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useCreateCollection } from '../../../api/collections/mutations.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { CollectionForm } from './collection-form.tsx';

/** A new data collection, in a project when opened from one. */
export function NewCollection({
  user,
  projectId,
}: {
  user: SignedInUser;
  projectId?: number | undefined;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const orgs = useQuery(organisationChoicesQuery());
  const save = useCreateCollection();
  const outcome = useSaveOutcome({
    success: t`Created`,
    failure: t`Creation failed`,
    open: (collection: Collection) =>
      void navigate({ to: '/collection/$id', params: { id: String(collection.id) } }),
  });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'collection.create')}
      refusal={<Trans>Your group may not create data collections.</Trans>}
      title={t`New data collection`}
    >
      <QueryView query={orgs}>
        {(choices) => (
          <CollectionForm
            orgs={choices}
            defaultOrg={user.org.uuid}
            defaultProject={projectId}
            canChooseOrg
            busy={save.isPending}
            error={save.error?.message}
            onSubmit={(body) => save.mutate(body, outcome)}
            onCancel={() => void navigate({ href: '/collections' })}
          />
        )}
      </QueryView>
    </EntityFormPage>
  );
}
