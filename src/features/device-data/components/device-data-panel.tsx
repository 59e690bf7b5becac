import { Trans, useLingui } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { LineChart } from '../../../charts/line-chart.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useConnectionState, useSeries } from '../../../lib/live-data.tsx';
import { availablePeriods, periodWindow, type PeriodWindow } from '../../../lib/periods.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { Section } from '../../../ui/detail.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';

export interface DataKeyInfo {
  key: string;
  name?: string | null | undefined;
  unit?: string | null | undefined;
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  select {
    min-height: 40px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Badge = styled.span<{ $state: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-left: auto;
  padding: 4px 10px;
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme, $state }) =>
    $state === 'live'
      ? theme.colors.success
      : $state === 'offline'
        ? theme.colors.danger
        : theme.colors.textMuted};
  border: 1px solid currentColor;
`;

const axisFormats = {
  da: new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};
const axisNumber = (language: 'da' | 'en') => axisFormats[language];

/** Re-renders every `ms` while `active`, so a sliding window's axis moves with the clock. */
function useNow(active: boolean, ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}

function ConnectionBadge() {
  const { t } = useLingui();
  const state = useConnectionState();
  const label = {
    connecting: t`Connecting…`,
    live: t`Live`,
    reconnecting: t`Reconnecting…`,
    offline: t`Offline`,
  }[state];
  return (
    <Badge $state={state} role="status" aria-label={t`Live feed: ${label}`}>
      <Radio size={14} aria-hidden />
      {label}
    </Badge>
  );
}

function KeyChart({
  deviceId,
  info,
  window,
}: {
  deviceId: number;
  info: DataKeyInfo;
  window: PeriodWindow;
}) {
  const { t, i18n } = useLingui();
  const series = useSeries(deviceId, info.key, window);
  const sliding = window.kind === 'sliding';
  const now = useNow(
    sliding,
    window.kind === 'sliding' && window.durationMs <= 3_600_000 ? 1000 : 60_000,
  );
  const from = window.kind === 'sliding' ? now - window.durationMs : window.from;
  const to = window.kind === 'sliding' ? now : window.to;
  const name = info.name || info.key;
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const touch = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

  let body;
  if (series.refused)
    body = <ErrorState message={t`You do not have access to this device's data.`} />;
  else if (series.error && series.points.length === 0)
    body = <ErrorState message={t`The data could not be loaded: ${series.error}`} />;
  else if (series.loading && series.points.length === 0) body = <Loading />;
  else if (series.points.length === 0)
    body = (
      <Empty>
        <Trans>No data in this period yet. New values appear here as they arrive.</Trans>
      </Empty>
    );
  else
    body = (
      <LineChart
        points={series.points}
        from={from}
        to={to}
        label={name}
        unit={info.unit ?? undefined}
        formatValue={(value) => formatCount(value, 3, language)}
        formatTick={(value) => axisNumber(language).format(value)}
        utcOffsetMinutes={-new Date(from).getTimezoneOffset()}
        touch={touch}
      />
    );
  return (
    <Section aria-label={name}>
      <h2>
        {name}
        {info.unit ? ` (${info.unit})` : ''}
      </h2>
      {body}
    </Section>
  );
}

/**
 * A device's data: a live line chart per data key for the chosen period.
 * History arrives first; points committed after that appear without reload.
 */
export function DeviceDataPanel({
  deviceId,
  keys,
  period,
  onPeriodChange,
}: {
  deviceId: number;
  keys: readonly DataKeyInfo[];
  /** The period's menu id (spec §3 Period); the user's default period when not given. */
  period?: number | undefined;
  onPeriodChange?: (menuId: number) => void;
}) {
  const { i18n } = useLingui();
  const { settings } = useSettings();
  const [ownPeriod, setOwnPeriod] = useState(settings.periods[0]?.menuId ?? 3);
  const menuId = period ?? ownPeriod;
  const options = availablePeriods(settings.nordlysLiveData).filter((o) => o.menuId !== 6);
  // The window is fixed per choice; a sliding one moves with the clock inside the chart.
  const window = useMemo(() => periodWindow(menuId, new Date().getTime()), [menuId]);

  return (
    <div>
      <Bar>
        <label>
          <Trans>Period</Trans>{' '}
          <select
            value={menuId}
            onChange={(event) => {
              const next = Number(event.target.value);
              setOwnPeriod(next);
              onPeriodChange?.(next);
            }}
          >
            {options.map((option) => (
              <option key={option.menuId} value={option.menuId}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
        </label>
        <ConnectionBadge />
      </Bar>
      {keys.length === 0 ? (
        <Empty>
          <Trans>
            This device has no data keys yet. Add them on its device type or in its metadata.
          </Trans>
        </Empty>
      ) : (
        keys.map((info) => (
          <KeyChart key={info.key} deviceId={deviceId} info={info} window={window} />
        ))
      )}
    </div>
  );
}
