import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Organisation, OrganisationUpdate } from '../../../../contracts/organisation.ts';
import { useUpdateOrganisation } from '../../../api/organisations/mutations.ts';
import { organisationMetadataQuery } from '../../../api/organisations/queries.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { Loading } from '../../../ui/status.tsx';
import { errorText } from './labels.ts';
import { orgRights } from './org-header.tsx';
import { OrgForm, type OrganisationFields } from './org-form.tsx';

/** The parent goes along only when it changed: one's own organisation cannot be moved. */
function changes(org: Organisation, body: OrganisationFields): OrganisationUpdate {
  const { parentUuid, ...rest } = body;
  return parentUuid && parentUuid !== org.parent?.uuid ? { ...rest, parentUuid } : rest;
}

export function OrgEdit({ me, org }: { me: SignedInUser; org: Organisation }) {
  const { t, i18n } = useLingui();
  // The form starts from the metadata as it is now, not as the cache kept it:
  // a changed entry sends the whole metadata, replacing what is there.
  const metadata = useQuery({ ...organisationMetadataQuery(org.uuid), refetchOnMount: 'always' });
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useUpdateOrganisation();
  const rights = orgRights(me, org);
  const name = org.name;
  const show = () => navigate({ to: '/management/org/$id', params: { id: org.uuid } });

  if (!rights.edit) return <NotFound>{t`Your group may not change this organisation.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`Edit ${name}`}</PageTitle>
      {metadata.isFetchedAfterMount ? (
        <QueryView query={metadata}>
          {(current) => (
            <OrgForm
              org={org}
              metadata={current.metadata}
              defaultParent={org.parent?.uuid ?? ''}
              parentLocked={rights.own}
              saving={save.isPending}
              onSubmit={(input) =>
                save.mutate(
                  { uuid: org.uuid, changes: changes(org, input) },
                  {
                    onSuccess: () => {
                      notify(t`Saved`, 'success');
                      void show();
                    },
                    onError: (error) => notify(errorText(i18n, error, msg`Update failed`), 'error'),
                  },
                )
              }
              onCancel={() => void show()}
            />
          )}
        </QueryView>
      ) : (
        <Loading />
      )}
    </>
  );
}
