import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import {
  parseDashboardSearch,
  type DashboardSearch,
} from '../features/dashboards/components/dashboard-search.ts';
import {
  loadEditableGrid,
  wideScreen,
} from '../features/dashboards/components/editable-grid-loader.ts';
import { DashboardTheme } from '../features/dashboards/page/dashboard-theme.tsx';
import { WelcomeTitle } from '../features/dashboards/page/dashboards-section.tsx';
import { prefetchDashboard } from '../features/dashboards/page/prefetch.ts';
import { HomeCalendar } from '../features/home/components/home-calendar.tsx';
import { HomeCards } from '../features/home/components/home-cards.tsx';
import { NearScreen } from '../ui/near-screen.tsx';
import { Loading } from '../ui/status.tsx';

// Charts and the grid load with the dashboards, not with the console. The
// route's loader waits for the page's chunk, so the page renders without
// suspending: a suspended page is shown at the earliest 300 ms after its
// loading state (React's reveal throttle), which would hold back a wall's
// first history reads.
const DashboardsPage = lazyRouteComponent(
  () => import('../features/dashboards/page/dashboards-page.tsx'),
);
const KioskView = lazyRouteComponent(() => import('../features/dashboards/page/kiosk-view.tsx'));

/** The dashboard, its period and the wall-display flag are in the URL, so a wall display can be bookmarked. */
export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: msg`Dashboard` },
  validateSearch: (search: Record<string, unknown>): DashboardSearch =>
    parseDashboardSearch(search),
  loaderDeps: ({ search }) => ({ kiosk: search.kiosk === true, board: search.board }),
  loader: async ({ context: { queryClient }, deps }) => {
    // The page's scripts, the dashboards and their graphs' devices are asked for at once,
    // not one after another (a wall display's cold load).
    const chunk = (deps.kiosk ? KioskView : DashboardsPage).preload?.();
    // A wide screen's grid moves its graphs when edited: its code comes with the page's, so
    // the graphs are laid out by it from the first (a phone's and a wall's never load it).
    const grid = !deps.kiosk && wideScreen() ? loadEditableGrid().catch(() => undefined) : null;
    void prefetchDashboard(queryClient, deps.board).catch(() => undefined);
    // The home cards and calendar read their own once they are near the screen.
    // A failed load is the page's to show (its boundary), not the loader's.
    await chunk;
    await grid;
  },
  component: Dashboard,
});

function Dashboard() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearch = useCallback(
    (next: DashboardSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  const loading = <Loading label={<Trans>Loading dashboards…</Trans>} />;
  // The cards come below the dashboards once those have their height: cards shown first
  // would jump down the page when the grid arrives above them.
  const [settled, setSettled] = useState(false);
  const onSettled = useCallback(() => setSettled(true), []);
  if (search.kiosk)
    return (
      <DashboardTheme fill>
        <Suspense fallback={loading}>
          <KioskView search={search} onSearch={onSearch} />
        </Suspense>
      </DashboardTheme>
    );
  return (
    <>
      <WelcomeTitle user={user} />
      <DashboardTheme>
        <Suspense fallback={loading}>
          <DashboardsPage search={search} onSearch={onSearch} onSettled={onSettled} />
        </Suspense>
      </DashboardTheme>
      {settled ? (
        // Below the dashboards: on a phone, far below the fold.
        <NearScreen>
          <HomeCards user={user} />
          <HomeCalendar />
        </NearScreen>
      ) : null}
    </>
  );
}
