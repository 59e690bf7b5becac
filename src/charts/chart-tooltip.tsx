import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { X } from 'lucide-react';
import { useCallback, useEffect, type PointerEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { tooltipMachine, type TooltipTarget } from '../../machines/tooltip.machine.ts';
import { useSettings } from '../lib/use-settings.ts';
import { tooltipWidthFor } from './frame.tsx';

/** One line of a tooltip (spec §3 "tooltip": device, count, colour). */
export interface TooltipEntry {
  id: string;
  label: string;
  /** Already formatted (2 decimals in summaries, 3 in line charts). */
  value: string;
  color: string;
  /** A further line, such as a bucket's lowest and highest value. */
  note?: string | undefined;
}

/**
 * A chart's tooltip state, run by the tooltip machine: the point shown, the
 * legend's hover id, and what to send it. The hover preview delay is the
 * user's (settings.hoverTime) unless given. Scrolling hides a shown tooltip.
 */
export function useChartTooltip(hoverTime?: number) {
  const { settings } = useSettings();
  const delay = hoverTime ?? settings.hoverTime;
  const [snapshot, send] = useMachine(tooltipMachine, { input: { hoverTime: delay } });
  useEffect(() => send({ type: 'hoverTime.set', hoverTime: delay }), [delay, send]);
  const shown = snapshot.matches('shown');
  const fading = snapshot.matches('hiding');
  useEffect(() => {
    if (!shown) return;
    const onScroll = () => send({ type: 'chart.scroll' });
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll, { capture: true });
  }, [shown, send]);

  const setContextLoading = useCallback(
    (loading: boolean) => send({ type: loading ? 'context.loading' : 'context.loaded' }),
    [send],
  );

  const { target, hoverId, weatherLoading } = snapshot.context;
  return {
    /** The point the tooltip is about, while it is shown or fading out. */
    target: shown || fading ? target : null,
    /** The point under the pointer, also while waiting out the hover delay. */
    pointed: target,
    shown,
    fading,
    hoverId,
    weatherLoading,
    send,
    /**
     * A pointer event on the plot, with the point it is nearest (null: none):
     * a mouse previews on hover, a finger shows on a tap.
     */
    onPointer(event: PointerEvent, pointTarget: TooltipTarget | null) {
      if (!pointTarget) return;
      if (event.pointerType === 'mouse') {
        if (event.type === 'pointermove' || event.type === 'pointerenter')
          send({ type: 'point.hover', target: pointTarget });
      } else if (event.type === 'pointerdown') send({ type: 'point.tap', target: pointTarget });
    },
    /** The pointer left the chart (a finger lifted off counts not). */
    onLeave(event: PointerEvent) {
      if (event.pointerType === 'mouse') send({ type: 'chart.leave' });
    },
    onLegendHover(datasetId: string | null) {
      send({ type: 'legend.hover', datasetId });
    },
    /** The context under the values (weather) is loading, or has loaded; one function per chart. */
    setContextLoading,
  };
}

export type ChartTooltipState = ReturnType<typeof useChartTooltip>;

const Box = styled.div<{ $fading: boolean }>`
  position: absolute;
  z-index: 2;
  padding: 8px 10px;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 6px 18px rgb(0 0 0 / 18%);
  font-size: 0.8125rem;
  opacity: ${({ $fading }) => ($fading ? 0 : 1)};
  transition: opacity 150ms ease-out;
  pointer-events: auto;
  ul {
    margin: 4px 0 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    grid-template-columns: 10px 1fr auto;
    align-items: center;
    column-gap: 6px;
  }
  li small {
    grid-column: 2 / 4;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    display: block;
    padding-right: 24px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
`;

const Close = styled.button`
  position: absolute;
  top: 2px;
  right: 2px;
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

/**
 * The tooltip box (spec §3 "tooltip": title and entries), placed at the
 * machine's point beside it and kept inside the chart; 400 wide, 300 on a
 * narrow chart. It fades out and reports zero opacity to the machine; a close
 * button serves fingers.
 */
export function ChartTooltip({
  tooltip,
  chartWidth,
  title,
  entries,
  children,
}: {
  tooltip: ChartTooltipState;
  chartWidth: number;
  title: ReactNode;
  entries: readonly TooltipEntry[];
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { target, fading, send } = tooltip;
  if (!target) return null;
  const width = Math.min(tooltipWidthFor(chartWidth), Math.max(160, chartWidth - 8));
  const left =
    target.left + 12 + width <= chartWidth
      ? target.left + 12
      : Math.max(0, Math.min(target.left - 12 - width, chartWidth - width));
  return (
    <Box
      role="tooltip"
      $fading={fading}
      style={{ left, top: Math.max(0, target.top), maxWidth: width }}
      onTransitionEnd={() => {
        if (fading) send({ type: 'tooltip.faded' });
      }}
      onPointerDown={(event) => event.stopPropagation()}
    >
      <Close type="button" aria-label={t`Close`} onClick={() => send({ type: 'tooltip.close' })}>
        <X size={16} aria-hidden />
      </Close>
      <strong>{title}</strong>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Dot style={{ background: entry.color }} aria-hidden />
            <span>{entry.label}</span>
            <b>{entry.value}</b>
            {entry.note ? <small>{entry.note}</small> : null}
          </li>
        ))}
      </ul>
      {children}
    </Box>
  );
}
