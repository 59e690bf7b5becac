import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { tokenListQuery } from '../api/tokens/queries.ts';
import { TokenList } from '../features/management/components/token-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/api')({
  staticData: { title: msg`API tokens` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  loader: ({ context }) =>
    ensureQueries(
      context.queryClient,
      tokenListQuery({ filters: { orgUuid: context.user.org.uuid } }),
    ),
  component: ApiTokensPage,
});

function ApiTokensPage() {
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
      <PageTitle>{t`API tokens`}</PageTitle>
      <TokenList me={user} state={state} onStateChange={setState} />
    </>
  );
}
