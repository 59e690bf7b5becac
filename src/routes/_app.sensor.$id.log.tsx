import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { WithDevice } from '../features/devices/components/with-device.tsx';
import { MessageList } from '../features/messages/components/message-list.tsx';
import { validateListSearch, type ListSearch, type ListState } from '../lib/list-search.ts';
import { useListState } from '../ui/list/use-list-state.ts';

export const Route = createFileRoute('/_app/sensor/$id/log')({
  validateSearch: (search: Record<string, unknown> & SearchSchemaInput): ListSearch =>
    validateListSearch(search),
  component: Tab,
});

/** The device's received packets, newest first; the live feed adds new ones while the tab is open. */
function Tab() {
  const { id } = Route.useParams();
  const state = useListState(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const setState = useCallback(
    (changes: Partial<ListState>) => void navigate({ search: (old) => ({ ...old, ...changes }) }),
    [navigate],
  );
  return (
    <WithDevice id={id}>
      {(device) => <MessageList state={state} onStateChange={setState} deviceId={device.id} />}
    </WithDevice>
  );
}
