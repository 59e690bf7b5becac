import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  orgKeys,
  orgMetadataQuery,
  orgQuery,
  updateOrg,
  type Organisation,
  type OrganisationInput,
} from '../features/management/api/orgs.ts';
import { errorText } from '../features/management/components/labels.ts';
import { orgRights } from '../features/management/components/org-header.tsx';
import { OrgForm } from '../features/management/components/org-form.tsx';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';
import { Loading } from '../ui/status.tsx';

export const Route = createFileRoute('/_app/management_/org/$id_/edit')({
  staticData: {
    title: msg`Edit organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  component: EditOrgPage,
});

/** The parent goes along only when it changed: one's own organisation cannot be moved. */
function changes(org: Organisation, input: OrganisationInput): Partial<OrganisationInput> {
  const { parentUuid, ...rest } = input;
  return parentUuid && parentUuid !== org.parent?.uuid ? { ...rest, parentUuid } : rest;
}

function EditOrgPage() {
  const { t, i18n } = useLingui();
  const { id } = Route.useParams();
  const { user: me } = Route.useRouteContext();
  const query = useQuery(orgQuery(id));
  // The form starts from the metadata as it is now, not as the cache kept it:
  // a changed entry sends the whole metadata, replacing what is there.
  const metadata = useQuery({ ...orgMetadataQuery(id), refetchOnMount: 'always' });
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ org, input }: { org: Organisation; input: OrganisationInput }) =>
      updateOrg(org.uuid, changes(org, input)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(orgKeys.detail(saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: orgKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: orgKeys.metadata(saved.uuid) });
      notify(t`Saved`, 'success');
      await navigate({ to: '/management/org/$id', params: { id: saved.uuid } });
    },
    onError: (error) => notify(errorText(i18n, error, msg`Update failed`), 'error'),
  });

  return (
    <QueryView query={query}>
      {(org) => {
        const rights = orgRights(me, org);
        const name = org.name;
        if (!rights.edit)
          return <NotFound>{t`Your group may not change this organisation.`}</NotFound>;
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
                    onSubmit={(input) => save.mutate({ org, input })}
                    onCancel={() => void navigate({ to: '/management/org/$id', params: { id } })}
                  />
                )}
              </QueryView>
            ) : (
              <Loading />
            )}
          </>
        );
      }}
    </QueryView>
  );
}
