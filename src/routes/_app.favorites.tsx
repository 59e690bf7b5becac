import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FavouriteList } from '../features/favourites/components/favourite-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { PageTitle } from '../ui/card.tsx';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/favorites')({
  staticData: { title: msg`Favourites` },
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: FavouritesPage,
});

function FavouritesPage() {
  const { t } = useLingui();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <>
      <PageTitle>{t`Favourites`}</PageTitle>
      <FavouriteList state={state} onStateChange={setState} />
    </>
  );
}
