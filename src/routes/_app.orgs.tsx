import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { organisationListQuery } from '../api/organisations/queries.ts';
import { ManagementTabs } from '../features/management/components/management-tabs.tsx';
import { OrgList } from '../features/management/components/org-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/orgs')({
  staticData: { title: msg`Organisations` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  loader: ({ context }) => ensureQueries(context.queryClient, organisationListQuery()),
  component: OrgsPage,
});

function OrgsPage() {
  const { t } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const { user } = Route.useRouteContext();
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <>
      <PageTitle className="visually-hidden">{t`Organisations`}</PageTitle>
      <ManagementTabs />
      <OrgList me={user} state={state} onStateChange={setState} />
    </>
  );
}
