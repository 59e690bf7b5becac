import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { registryChoicesQuery } from '../api/registries/queries.ts';
import { MessageList } from '../features/messages/components/message-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { ensureQueries } from '../lib/query-client.ts';
import { PageTitle } from '../ui/card.tsx';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/messages')({
  staticData: { title: msg`Messages` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  // The list's page size follows the window and the user's settings, known once the page shows.
  loader: ({ context }) => ensureQueries(context.queryClient, registryChoicesQuery()),
  component: MessagesPage,
});

function MessagesPage() {
  const { t } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <>
      <PageTitle>{t`Messages`}</PageTitle>
      <MessageList
        state={state}
        onStateChange={setState}
        refreshMs={15_000}
        onOpenDevice={(id) => void navigate({ to: '/sensor/$id', params: { id: String(id) } })}
      />
    </>
  );
}
