import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { ChartPlace } from '../../../api/chart-context/tooltip-context.tsx';
import { useConnectionState } from '../../../lib/live-data.tsx';
import {
  availablePeriods,
  periodOption,
  periodUsesBuckets,
  periodWindow,
} from '../../../lib/periods.ts';
import { chartTypes } from '../../../lib/settings.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { ControlBar } from '../../../ui/control-bar.tsx';
import { LiveBadge } from '../../../ui/live-badge.tsx';
import { Empty } from '../../../ui/status.tsx';
import { KeyChart, type DataKeyInfo } from './key-chart.tsx';

export type { DataKeyInfo } from './key-chart.tsx';

const ZoneNote = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

const Badge = styled(LiveBadge)`
  margin-left: auto;
`;

function ConnectionBadge() {
  return <Badge state={useConnectionState()} />;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A device's data: a live chart per data key for the chosen period, of the
 * user's chart type, aggregated on long periods unless they asked for raw data.
 * History arrives first; points committed after that appear without reload.
 * Periods and times are those of the device's organisation's time zone.
 */
export function DeviceDataPanel({
  deviceId,
  keys,
  period,
  onPeriodChange,
  timeZone,
  place,
}: {
  deviceId: number;
  keys: readonly DataKeyInfo[];
  /** The period's menu id (spec §3 Period); the user's default period when not given. */
  period?: number | undefined;
  onPeriodChange?: (menuId: number) => void;
  /** The device's organisation's IANA time zone. */
  timeZone: string;
  /** Where the device is, for the tooltips' weather. */
  place: ChartPlace;
}) {
  const { i18n } = useLingui();
  const { settings } = useSettings();
  const [ownPeriod, setOwnPeriod] = useState(settings.periods[0]?.menuId ?? 3);
  const menuId = period ?? ownPeriod;
  const options = availablePeriods(settings.nordlysLiveData).filter((o) => o.menuId !== 6);
  // The window is fixed per choice; a sliding one moves with the clock inside the chart.
  const window = useMemo(
    () => periodWindow(menuId, new Date().getTime(), timeZone),
    [menuId, timeZone],
  );
  // Raw data (Settings → Diagrams) draws every value as it came, on any period.
  const aggregate = periodUsesBuckets(menuId) && !settings.rawData;
  const kind = chartTypes[settings.chartType] ?? 'line';
  const timeType = periodOption(menuId)?.timeType ?? 2;

  return (
    <div>
      <ControlBar>
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
        {timeZone !== browserZone() ? (
          <ZoneNote>
            <Trans>Times in the {timeZone} time zone</Trans>
          </ZoneNote>
        ) : null}
        <ConnectionBadge />
      </ControlBar>
      {keys.length === 0 ? (
        <Empty>
          <Trans>
            This device has no data keys yet. Add them on its device type or in its metadata.
          </Trans>
        </Empty>
      ) : (
        keys.map((info) => (
          <KeyChart
            key={info.key}
            deviceId={deviceId}
            info={info}
            window={window}
            aggregate={aggregate}
            kind={kind}
            timeType={timeType}
            timeZone={timeZone}
            place={place}
          />
        ))
      )}
    </div>
  );
}
