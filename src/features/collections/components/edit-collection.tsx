import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Collection } from '../../../../contracts/collection.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useUpdateCollection } from '../../../api/collections/mutations.ts';
import { collectionQuery } from '../../../api/collections/queries.ts';
import { withOrgMove } from '../../../api/entity-writes.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { CollectionForm } from './collection-form.tsx';

/** A data collection's edit form: reassigned to another project or organisation here. */
export function EditCollection({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const collection = useQuery(collectionQuery(id));
  const orgs = useQuery(organisationChoicesQuery());
  const save = useUpdateCollection();
  const open = (target: Pick<Collection, 'id'>) =>
    void navigate({ to: '/collection/$id', params: { id: String(target.id) } });
  const outcome = useSaveOutcome({ success: t`Saved`, failure: t`Update failed`, open });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'collection.modify')}
      refusal={<Trans>Your group may not change data collections.</Trans>}
      missing={id === 0}
      title={t`Edit data collection`}
    >
      <QueryView query={collection}>
        {(current) => (
          <QueryView query={orgs}>
            {(choices) => (
              <CollectionForm
                collection={current}
                orgs={choices}
                defaultOrg={current.org.uuid}
                canChooseOrg={hasPrivilege(user, 'collection.changeparent')}
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
