import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { fromPromise } from 'xstate';
import type { Dashboard, DashboardCreate } from '../../../../contracts/dashboard.ts';
import {
  dashboardMachine,
  type DashboardNotice,
  type SaveInput,
  updateOf,
} from '../../../../machines/dashboard.machine.ts';
import { dashboardListQuery } from '../../../api/dashboards/queries.ts';
import { useDashboardWrites } from '../../../api/dashboards/mutations.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { makeStarterDashboard } from './starter-dashboard.ts';
import type { NoticeSeverity } from '../../../../machines/notifications.machine.ts';

/** What the snackbar says for each notice of the dashboard machine. */
const notices: Record<DashboardNotice, { text: MessageDescriptor; severity: NoticeSeverity }> = {
  saved: { text: msg`Dashboard saved`, severity: 'success' },
  deleted: { text: msg`Dashboard deleted`, severity: 'success' },
  imported: { text: msg`Dashboard imported`, severity: 'success' },
  created: { text: msg`Dashboard created`, severity: 'success' },
  repaired: { text: msg`Repaired old dashboards`, severity: 'info' },
  conflict: {
    text: msg`This dashboard was changed elsewhere. Its stored version is shown behind your changes: save again to keep yours, or close to drop them.`,
    severity: 'warning',
  },
  loadFailed: { text: msg`Dashboards could not be loaded`, severity: 'error' },
  saveFailed: { text: msg`Update failed`, severity: 'error' },
  deleteFailed: { text: msg`Deletion failed`, severity: 'error' },
  createFailed: { text: msg`Creation failed`, severity: 'error' },
};

/**
 * The dashboard machine with the server behind it: reads and writes go
 * through api/dashboards (so the query cache stays true), notices go to the
 * snackbar in the user's language.
 */
export function useDashboards(initialId: string | undefined) {
  const queryClient = useQueryClient();
  const writes = useDashboardWrites();
  const notify = useNotify();
  const { i18n } = useLingui();
  const actor = useActorRef(
    dashboardMachine.provide({
      actors: {
        loadDashboards: fromPromise(async () => {
          // The list the route's loader has just read is used as it is (no second request);
          // offline, the list kept on this device is shown rather than waiting for the network.
          const kept = queryClient.getQueryData(dashboardListQuery().queryKey);
          const list =
            kept && !onlineManager.isOnline()
              ? kept
              : await queryClient.fetchQuery(dashboardListQuery());
          if (list.length > 0) return list;
          const made = await makeStarterDashboard(queryClient, writes, i18n._(msg`My Dashboard`));
          return made ? [made] : list;
        }),
        createDashboard: fromPromise<Dashboard, DashboardCreate>(({ input }) =>
          writes.create(input),
        ),
        saveDashboard: fromPromise<Dashboard, SaveInput>(({ input }) =>
          writes.save(input.id, input.body),
        ),
        deleteDashboard: fromPromise<unknown, string>(({ input }) => writes.remove(input)),
        repairDashboards: fromPromise<Dashboard[], Dashboard[]>(({ input }) =>
          Promise.all(input.map((d) => writes.save(d.id, updateOf(d)))),
        ),
      },
    }),
    { input: { currentId: initialId ?? null } },
  );
  // In the commit that starts the actor, before any promise settles: a list already read
  // (the route's loader) is repaired in a microtask, and its notice must find a listener.
  useLayoutEffect(() => {
    const subscription = actor.on('notice', ({ notice }) => {
      const { text, severity } = notices[notice];
      notify(i18n._(text), severity);
    });
    return () => subscription.unsubscribe();
  }, [actor, notify, i18n]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
