import { msg } from '@lingui/core/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FunctionList } from '../features/functions/components/function-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/functions')({
  staticData: { title: msg`Cloud functions` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: FunctionsPage,
});

function FunctionsPage() {
  const { user } = Route.useRouteContext();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return <FunctionList user={user} state={state} onStateChange={setState} />;
}
