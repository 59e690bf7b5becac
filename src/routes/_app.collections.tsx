import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { CollectionList } from '../features/collections/components/collection-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/collections')({
  staticData: { title: msg`Data collections` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  loader: ({ context }) => ensureQueries(context.queryClient, organisationChoicesQuery()),
  component: CollectionsPage,
});

function CollectionsPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <>
      <PageTitle>{t`Data collections`}</PageTitle>
      <CollectionList user={user} state={state} onStateChange={setState} />
    </>
  );
}
