import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Minimize2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { dashboardListQuery } from '../../../api/dashboards/queries.ts';
import { organisationQuery } from '../../../api/organisations/queries.ts';
import { currentUserQuery } from '../../../api/session/queries.ts';
import { useConnectionState } from '../../../lib/live-data.tsx';
import { IconButton } from '../../../ui/button.tsx';
import { LiveBadge } from '../../../ui/live-badge.tsx';
import { Empty, Loading } from '../../../ui/status.tsx';
import DashboardGrid from '../components/dashboard-grid.tsx';
import type { DashboardSearch } from '../components/dashboard-search.ts';
import { DrawnDataProvider } from '../graphs/drawn-data.tsx';
import { periodOfSearch } from './search-period.ts';

/** How often the wall display reads its dashboard again, to show edits made elsewhere. */
export const KIOSK_DASHBOARD_REFRESH_MS = 60_000;
/** How often it asks who is signed in: each request keeps the session (and its cookie) alive. */
export const KIOSK_SESSION_PING_MS = 15 * 60_000;
/** The longest wait between tries while the server is away. */
const MAX_RETRY_DELAY_MS = 30_000;
/** The exit button shows while the pointer moved in the last few seconds. */
const EXIT_SHOWN_MS = 3_000;

const Screen = styled.div`
  min-height: 100vh;
  padding: 8px 12px 12px;
  background: ${({ theme }) => theme.colors.background};
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 36px;
  h1 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 1.125rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  time {
    font-variant-numeric: tabular-nums;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Exit = styled(IconButton)<{ $shown: boolean }>`
  opacity: ${({ $shown }) => ($shown ? 1 : 0)};
  transition: opacity 200ms;
  &:focus-visible {
    opacity: 1;
  }
`;

const retryForever = {
  retry: true,
  retryDelay: (attempt: number) => Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempt),
} as const;

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The wall's clock, on its own: its tick each second re-renders the time,
 * not the wall's graphs. One time format per language and zone.
 */
function KioskClock({ language, timeZone }: { language: string; timeZone: string | undefined }) {
  const now = useClock();
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'da-DK', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
        ...(timeZone ? { timeZone } : {}),
      }),
    [language, timeZone],
  );
  return <time dateTime={now.toISOString()}>{format.format(now)}</time>;
}

function usePointerMoved(): boolean {
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMove = () => {
      setMoved(true);
      clearTimeout(timer);
      timer = setTimeout(() => setMoved(false), EXIT_SHOWN_MS);
    };
    window.addEventListener('pointermove', onMove);
    return () => {
      window.removeEventListener('pointermove', onMove);
      clearTimeout(timer);
    };
  }, []);
  return moved;
}

/**
 * A dashboard as a wall display (the URL's `kiosk` flag): its graphs without
 * the console around them, on the URL's period. It runs unattended: reads
 * are tried again for ever while the server is away, the live feed reconnects
 * for ever and fills the gap from history, the session is kept alive, and the
 * dashboard is read again now and then to show edits made elsewhere.
 */
export default function KioskView({
  search,
  onSearch,
}: {
  search: DashboardSearch;
  onSearch: (search: DashboardSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const list = useQuery({
    ...dashboardListQuery(),
    ...retryForever,
    refetchInterval: KIOSK_DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  useQuery({
    ...currentUserQuery(),
    ...retryForever,
    refetchInterval: KIOSK_SESSION_PING_MS,
    refetchIntervalInBackground: true,
  });
  // The clock tells the organisation's time, as the charts do.
  const me = useQuery(currentUserQuery());
  const timeZone = useQuery({
    ...organisationQuery(me.data?.org.uuid ?? ''),
    enabled: me.data !== undefined && me.data !== null,
    select: (org) => org.timeZone,
  }).data;
  const connection = useConnectionState();
  const pointer = usePointerMoved();
  const period = useMemo(() => periodOfSearch(search), [search]);
  const dashboard = list.data?.find((d) => d.id === search.board) ?? list.data?.[0];
  const leave = () => onSearch({ ...search, kiosk: undefined });

  return (
    <Screen data-testid="kiosk" data-feed={connection}>
      <Top>
        <h1>{dashboard?.name ?? t`Dashboard`}</h1>
        <LiveBadge state={connection} />
        <KioskClock language={i18n.locale} timeZone={timeZone} />
        <Exit
          type="button"
          $shown={pointer}
          aria-label={t`Leave the wall display`}
          title={t`Leave the wall display`}
          onClick={leave}
        >
          <Minimize2 size={20} aria-hidden />
        </Exit>
      </Top>
      {dashboard ? (
        <DrawnDataProvider>
          <DashboardGrid
            key={dashboard.id}
            graphs={dashboard.graphs}
            editing={false}
            period={period}
            kiosk
          />
        </DrawnDataProvider>
      ) : list.data ? (
        <Empty>
          <Trans>There is no dashboard to show.</Trans>
        </Empty>
      ) : (
        <Loading label={<Trans>Loading dashboards…</Trans>} />
      )}
    </Screen>
  );
}
