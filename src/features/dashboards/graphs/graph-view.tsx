import { Trans, useLingui } from '@lingui/react/macro';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { Download } from 'lucide-react';
import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { graphTypes, type Graph, type GraphPeriod } from '../../../../contracts/dashboard.ts';
import { NoData } from '../../../charts/no-data.tsx';
import { lazyLater } from '../../../lib/lazy-later.ts';
import { useElementSize } from '../../../lib/use-element-size.ts';
import { periodNeedsTimeZone } from '../../../lib/periods.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useOnScreenState, useReachedScreen } from '../../../lib/use-on-screen.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { IconButton } from '../../../ui/button.tsx';
import { ErrorState, Loading } from '../../../ui/status.tsx';
import { usePublishDrawn } from './drawn-data.tsx';
import { GraphBody } from './graph-body.tsx';
import { GraphDataCache, graphData } from './graph-data.ts';
import { graphKind } from './graph-kind.ts';
import { MapGraphBody } from './map-graph.tsx';
import { effectivePeriod, followsLive, windowOf, windowRange } from './graph-period.ts';
import { bucketsFor, graphSources, type GraphSource } from './sources.ts';
import { useGraphContext } from './use-graph-context.ts';
import { useGraphSeries, type GraphSeriesRequest } from './use-graph-series.tsx';
import { useRefresh } from './use-refresh.ts';

/** A graph's export (CSV and JSON writers): loaded apart from the dashboard, when asked for. */
export const GraphExportDialog = lazyLater(
  () => import('./export-dialog.tsx'),
  (module) => module.ExportDialog,
);

const Card = styled.section<{ $kiosk: boolean }>`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-width: 0;
  padding: ${({ $kiosk }) => ($kiosk ? '8px 12px' : '12px 16px')};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  h3 {
    flex: 1;
    min-width: 0;
    margin: 0;
    font-size: 1rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 400;
  }
`;

const Stale = styled.span`
  flex: none;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.warning};
  border: 1px solid ${({ theme }) => theme.colors.warning};
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
`;

/**
 * One graph of a dashboard (spec §3 Graph): its header (name, unit, a "stale
 * since" badge when its devices went silent, export) and its body by type.
 * Live periods follow the live feed; off screen the graph pauses. A graph
 * that has not yet come near the screen (below the fold on a phone) shows its
 * name only: it reads, follows and draws nothing until it does, so a page's
 * first screen loads the graphs in view, not the whole dashboard (a wall
 * display's read at once).
 */
export function GraphView(props: {
  graph: Graph;
  /** A dashboard-wide period that overrides the graph's own. */
  period?: GraphPeriod | undefined;
  kiosk?: boolean;
}) {
  const place = useRef<HTMLDivElement>(null);
  const reached = useReachedScreen(place);
  const kiosk = props.kiosk ?? false;
  // One card throughout: the graph's place becomes its chart where it stands, so what
  // was scrolled to, focused or found on the page stays the same element.
  return (
    <Card $kiosk={kiosk} aria-label={props.graph.name} data-graph={props.graph.id}>
      {/* A wall display's graphs are laid out to fit its screen: they read at once, without
          waiting a frame for the observer to say so (below its fold, they still do not draw). */}
      {reached || kiosk ? (
        <ShownGraph {...props} kiosk={kiosk} />
      ) : (
        <>
          <Header>
            <h3>{props.graph.name}</h3>
          </Header>
          <Body ref={place}>
            <Waiting data-waiting="near-screen" />
          </Body>
        </>
      )}
    </Card>
  );
}

function ShownGraph({
  graph,
  period,
  kiosk = false,
}: {
  graph: Graph;
  /** A dashboard-wide period that overrides the graph's own. */
  period?: GraphPeriod | undefined;
  kiosk?: boolean;
}) {
  const { settings } = useSettings();
  const shown = effectivePeriod(graph, period, settings.periods);
  let body: ReactNode = null;
  // Maps (types 5 and 7) draw their own devices; a map chart's values follow the period.
  if (graph.type === graphTypes.map || graph.type === graphTypes.mapChart)
    body = <MapGraphBody graph={graph} period={shown} />;
  else if (!shown) body = <NoData reason="noPeriod" />;
  if (body)
    return (
      <>
        <Header>
          <h3>{graph.name}</h3>
        </Header>
        <Body>{body}</Body>
      </>
    );
  return shown ? <ReadGraph graph={graph} period={shown} kiosk={kiosk} /> : null;
}

/** A loaded graph's place until it comes near the screen and draws its chart. */
const Waiting = styled.div`
  height: 100%;
  min-height: 120px;
`;

const NoDataText = styled.p`
  margin: 0;
  padding: 24px 8px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function ReadGraph({
  graph,
  period,
  kiosk,
}: {
  graph: Graph;
  period: GraphPeriod;
  kiosk: boolean;
}) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const onScreenState = useOnScreenState(frame);
  const onScreen = onScreenState ?? true;
  // A graph known to be off screen (below the fold on a phone) draws no chart until it
  // comes near: the page's first screen renders only the graphs in view. Once drawn, a
  // chart stays (its series pause off screen).
  const [drawn, setDrawn] = useState(false);
  const { width, height } = useElementSize(frame);
  const [exporting, setExporting] = useState(false);
  const sources = useMemo(() => graphSources(graph), [graph]);
  // Kept between renders: a render with nothing new reuses what was drawn.
  const [cache] = useState(() => new GraphDataCache());
  const first = sources[0];
  const it = graphKind(graph);
  const context = useGraphContext(
    first?.deviceId ?? null,
    first?.key ?? null,
    it.kind === 'multiChart' ? it.graph.deviceTypeId : null,
    it.kind === 'multiChart' ? it.graph.deviceIds : undefined,
  );
  const timeZone = context.timeZone;
  // Periods that do not start at a local midnight are read at once; the zone arrives meanwhile.
  const zoneFree = !periodNeedsTimeZone(period.menuId);
  const windowZone = timeZone ?? (zoneFree ? 'UTC' : null);
  const refreshes = useRefresh(graph.refresh, onScreen);
  const window = useMemo(
    () => (windowZone ? windowOf(period, new Date().getTime(), windowZone) : null),
    // A refresh reads the period again from now: "today" moves on after midnight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [period, windowZone, refreshes],
  );
  const sliding = window?.kind === 'sliding';
  const now = useNow(
    onScreen && window !== null,
    sliding && window.durationMs <= 3_600_000 ? 1000 : 30_000,
  );
  const live = window !== null && followsLive(window, now);
  const range = window ? windowRange(window, now) : { from: now, to: now };
  const buckets = window
    ? bucketsFor(graph, period, range.to - range.from, lineBucketsFor(width))
    : undefined;
  const requests: GraphSeriesRequest[] =
    window && (buckets === undefined || width > 0)
      ? sources
          // A function is asked for wall-clock times: it waits for the zone.
          .filter((source) => source.functionId === null || timeZone !== null)
          .map((source) => ({
            id: source.id,
            functionId: source.functionId,
            refresh: graph.refresh,
            request: {
              deviceId: source.deviceId,
              key: source.key,
              // A refresh of a closed period asks history again under a new name.
              window: refreshWindow(window, refreshes),
              // Only a function's series is asked in wall-clock times; history is asked in UTC.
              ...(source.functionId !== null && timeZone ? { timeZone } : {}),
              ...(buckets === undefined ? {} : { buckets }),
            },
          }))
      : [];
  const { snapshots, readers } = useGraphSeries(requests, !onScreen);
  const labelOf = (source: GraphSource) =>
    source.label ??
    (graph.type === graphTypes.multiChart
      ? (context.deviceNames.get(source.deviceId) ?? `#${source.deviceId}`)
      : (context.keyInfo.name ?? source.key));
  const field = graph.label || graph.dataSource.dataKey || graph.name;
  const data = timeZone
    ? graphData({ graph, sources, snapshots, range, timeZone, now, labelOf, field, cache })
    : null;
  usePublishDrawn(graph.id, data && !data.empty ? data.drawn : null);
  const ready = data !== null && !data.loading;
  // Before the observer's first answer, what is ready is drawn (a dashboard opened again).
  const draws = drawn || (ready && onScreenState !== false);
  if (draws && !drawn) setDrawn(true);
  const unit = graph.unit ?? first?.unit ?? context.keyInfo.unit;

  let body: ReactNode;
  if (sources.length === 0)
    body = (
      <NoDataText>
        <Trans>This graph has no data source yet. Edit it to choose one.</Trans>
      </NoDataText>
    );
  else if (context.error) body = <ErrorState message={context.error.message} />;
  else if (data?.refused)
    body = <ErrorState message={t`You do not have access to this device's data.`} />;
  else if (data?.error)
    body = <ErrorState message={t`The data could not be loaded: ${data.error}`} />;
  else if (!data || data.loading) body = <Loading />;
  // Loaded, and waiting to come near the screen to draw: nothing is loading any more.
  else if (!draws) body = <Waiting data-waiting="near-screen" />;
  else if (data.empty) body = <NoData />;
  else
    body = (
      <GraphBody
        graph={graph}
        period={period}
        data={data.drawn}
        snapshots={snapshots}
        sources={sources}
        range={range}
        window={window}
        live={live}
        yAxis={graph.yAxis ?? 'linear'}
        height={height > 0 ? height : undefined}
        width={width > 0 ? width : undefined}
        place={context.place}
      />
    );
  return (
    <>
      <Header>
        <h3>
          {graph.name}
          {graph.label ? <small>{` · ${graph.label}`}</small> : null}
          {unit ? <small>{` (${unit})`}</small> : null}
        </h3>
        {data?.staleSince != null && timeZone ? (
          <Stale role="status">
            <Trans>stale since {format(data.staleSince, 'HH:mm', { in: tz(timeZone) })}</Trans>
          </Stale>
        ) : null}
        {kiosk ? null : (
          <IconButton
            type="button"
            aria-label={t`Export data`}
            title={t`Export data`}
            onClick={() => setExporting(true)}
          >
            <Download size={18} aria-hidden />
          </IconButton>
        )}
      </Header>
      <Body ref={frame} data-live={live ? 'true' : 'false'}>
        {readers}
        {body}
      </Body>
      {/* Mounted only while open: a dashboard's graphs do not each render a closed dialog. */}
      {kiosk || !exporting ? null : (
        <Suspense fallback={null}>
          <GraphExportDialog.Component
            open
            drawn={data && !data.empty ? data.drawn : null}
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** About one bucket per two pixels of a line chart, in steps of 50 so resizing asks nothing new. */
function lineBucketsFor(width: number): number {
  return Math.max(50, Math.floor(Math.max(0, width - 68) / 100) * 50);
}

/**
 * A closed period re-read on the graph's refresh: its end moves by a
 * millisecond per refresh, so the layer sees a new window and asks history
 * again. Windows that follow the clock get their new points live.
 */
function refreshWindow<W extends { kind: string }>(window: W, refreshes: number): W {
  if (refreshes === 0 || window.kind !== 'fixed' || !('to' in window)) return window;
  return { ...window, to: Number(window.to) + refreshes };
}
