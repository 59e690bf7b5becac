import { tz } from '@date-fns/tz';
import { useLingui } from '@lingui/react/macro';
import { format } from 'date-fns';
import {
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
} from 'react';
import { useTheme } from 'styled-components';
import { decimate } from '../../streams/decimate.ts';
import { LINE_WIDTH, lineWidthFor, type TooltipTarget } from '../../machines/tooltip.machine.ts';
import { formatAxisValue, formatCount } from '../lib/format.ts';
import { weekendColorValues } from '../lib/settings.ts';
import { useSettings } from '../lib/use-settings.ts';
import { TimeAxis, ValueAxis } from './axes.tsx';
import { prepareCanvas, withAlpha } from './canvas.ts';
import { ChartLegend } from './chart-legend.tsx';
import { LogAxisNote } from './log-axis-note.tsx';
import { ChartTooltip, useChartTooltip, type TooltipEntry } from './chart-tooltip.tsx';
import {
  ANIMATION_MS,
  CHART_HEIGHT,
  ChartFrame,
  MARGIN,
  POINT_RADIUS,
  TOUCH_POINT_RADIUS,
  plotWidth,
} from './frame.tsx';
import { subscribeFrame } from './frame-loop.ts';
import { subscribeTick } from '../lib/clock-ticks.ts';
import {
  drawablePoints,
  nearestIndex,
  skippedOnLog,
  valueScale,
  type ValueScale,
} from './scales.ts';
import { paletteColor } from './slices.ts';
import type {
  ChartDataset,
  ChartPoint,
  ChartWindow,
  TooltipContext,
  TooltipMoment,
  YAxisType,
} from './types.ts';
import { useChartSize, useVisible } from './use-chart-size.ts';
import { daysOffRanges } from './weekends.ts';
import { gapThreshold, runsOf } from './gaps.ts';

/** Whether the user asked for less motion: the line is then drawn whole at once. */
const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export type { ChartPoint } from './types.ts';
export { CHART_HEIGHT, plotWidth } from './frame.tsx';
export { nearestIndex, valueDomain } from './scales.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Points are drawn as dots only while they are this far apart or more. */
const MIN_DOT_SPACING = 10;
/** The min/max band: the line's colour, light enough that the line stays the thing to read. */
const BAND_OPACITY = 0.3;
/** Weekends: the user's weekend colour, light. */
const WEEKEND_OPACITY = 0.12;
const NO_HOLIDAYS: readonly string[] = [];

export interface LineChartProps {
  /** The lines, one per dataset (the multi-source chart: one per device). */
  datasets?: readonly ChartDataset[] | undefined;
  /** A single series (when there are no `datasets`): named by `label`, drawn in `color`. */
  points?: readonly ChartPoint[] | undefined;
  /** The chart's name, for screen readers. */
  label: string;
  unit?: string | undefined;
  color?: string | undefined;
  /** What the time axis shows: a window sliding with the clock, or fixed times. */
  window?: ChartWindow | undefined;
  /** Fixed times, when there is no `window`. */
  from?: number | undefined;
  to?: number | undefined;
  /** A value in the tooltip: 3 decimals by default (spec §9 line tooltips). */
  formatValue?: ((value: number) => string) | undefined;
  /** The value axis' ticks: at most two decimals by default. */
  formatTick?: ((value: number) => string) | undefined;
  /** The tooltip line under a bucket's value, from its lowest and highest value (already formatted). */
  formatRange?: ((min: string, max: string) => string) | undefined;
  height?: number | undefined;
  /**
   * The chart's width in px when its parent has measured it: the first render
   * draws at it instead of waiting for the chart to measure itself.
   */
  width?: number | undefined;
  /** The IANA zone times are shown in (the organisation's): ticks, weekends and the tooltip. */
  timeZone?: string | undefined;
  /** Larger points and tap for the tooltip (spec §9: 3, 5 on touch). */
  touch?: boolean | undefined;
  /** Linear (default) or logarithmic value axis; the logarithm leaves out values ≤ 0, and says so. */
  yAxis?: YAxisType | undefined;
  /** Weekend shading's colour (CSS); the user's weekend colour when not given; null: none. */
  weekendColor?: string | null | undefined;
  /** Hover preview delay; the user's (settings.hoverTime) when not given. */
  hoverTime?: number | undefined;
  /** A legend under the chart; on by default with more than one dataset. */
  legend?: boolean | undefined;
  /** The clock (epoch ms); for tests. */
  now?: (() => number) | undefined;
  /** What the page adds under the tooltip's values (weather, holidays). */
  tooltipContext?: TooltipContext | undefined;
  /** Public holidays (YYYY-MM-DD), shaded as weekends are. */
  holidays?: readonly string[] | undefined;
}

/** A point's time for the tooltip, in `timeZone`: a bucket's span, or the instant. */
export function describeTime(point: ChartPoint, timeZone: string): string {
  const inZone = { in: tz(timeZone) };
  if (!point.bucket) return format(point.time, 'dd/MM/yyyy HH:mm:ss', inZone);
  const { start, end } = point.bucket;
  const sameDay = format(start, 'yyyyMMdd', inZone) === format(end - 1, 'yyyyMMdd', inZone);
  return `${format(start, 'dd/MM/yyyy HH:mm', inZone)}–${format(end, sameDay ? 'HH:mm' : 'dd/MM/yyyy HH:mm', inZone)}`;
}

/** The window's times at `now`. */
export function windowRange(window: ChartWindow, now: number): { from: number; to: number } {
  return window.kind === 'sliding'
    ? { from: now - window.durationMs, to: now }
    : { from: window.from, to: window.to };
}

/**
 * The beats a sliding window is redrawn on, on the wall clock: each divides
 * or is a multiple of a second, so charts of different windows and widths,
 * and the page's one-second clocks (clock-ticks.ts), fall on the same moments.
 */
const SLIDE_STEPS_MS = [
  25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000,
  600_000, 900_000, 1_800_000, 3_600_000,
] as const;

/**
 * How often a sliding window `spanMs` long and `widthPx` wide is redrawn:
 * the longest beat in which it moves at most a pixel (every display frame
 * when it moves faster than a pixel in 25 ms).
 */
export function slideStepMs(spanMs: number, widthPx: number): number {
  const msPerPx = Math.max(1, spanMs) / Math.max(1, widthPx);
  let step = 0;
  for (const candidate of SLIDE_STEPS_MS) if (candidate <= msPerPx) step = candidate;
  return step;
}

/**
 * Milliseconds from `now` until a sliding window's next redraw: the next
 * whole multiple of its step (slideStepMs) on the wall clock. Every chart
 * of a wall with the same step redraws in the same frame, a few frames a
 * second in all, rather than each in frames of its own: the browser's work
 * per frame (layers, compositing) is paid once for all of them.
 */
export function untilNextStep(now: number, spanMs: number, widthPx: number): number {
  const step = slideStepMs(spanMs, widthPx);
  if (step === 0) return 1;
  // A frame may come a little before its beat: the beat after it is the next one.
  return (Math.floor((now + STEP_EARLY_MS) / step) + 1) * step - now;
}

/** A frame this close before a beat counts as the beat's. */
const STEP_EARLY_MS = 4;

/**
 * A sliding window redraws once it has moved half a pixel or more (the
 * line is drawn antialiased between pixels): at each of its beats, and not
 * again at a beat just after a new point drew it.
 */
const MIN_SHIFT_PX = 0.5;

/** Pixels a sliding axis moves by its transform before it is laid out anew. */
const AXIS_SHIFT_PX = 2;

/** The beats a sliding axis is laid out anew on: whole seconds, dividing a minute. */
const AXIS_STEPS_MS = [1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000] as const;

/**
 * How often a sliding window's axis is laid out anew (between, it moves by a
 * transform): about once it has moved AXIS_SHIFT_PX, on a whole-second beat
 * from every second to every minute. New ticks come in at the right edge at
 * most that late.
 */
export function axisRefreshMs(durationMs: number, widthPx: number): number {
  const wanted = (durationMs / Math.max(1, widthPx)) * AXIS_SHIFT_PX;
  let step: number = AXIS_STEPS_MS[0];
  for (const candidate of AXIS_STEPS_MS) if (candidate <= wanted) step = candidate;
  return step;
}

/**
 * The newest point time inside [from, to] over the datasets (points in
 * time order), or null: what `data-last-drawn` tells.
 */
export function newestInside(
  datasets: readonly { points: readonly ChartPoint[] }[],
  from: number,
  to: number,
): number | null {
  let newest: number | null = null;
  for (const { points } of datasets) {
    for (let i = points.length - 1; i >= 0; i--) {
      const p = points[i];
      if (!p || p.time > to) continue;
      if (p.time >= from && (newest === null || p.time > newest)) newest = p.time;
      break;
    }
  }
  return newest;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

interface Drawn {
  id: string;
  label: string;
  color: string;
  borderWidth: number | undefined;
  points: readonly ChartPoint[];
  /** The points cut at the series' gaps (gaps.ts): a line is drawn within a run, never across. */
  runs: (readonly ChartPoint[])[];
}

function traceLine(
  context: CanvasRenderingContext2D,
  points: readonly ChartPoint[],
  x: (t: number) => number,
  y: ValueScale,
) {
  context.beginPath();
  points.forEach((p, i) => {
    const px = x(p.time);
    const py = y(p.value);
    if (i === 0) context.moveTo(px, py);
    else context.lineTo(px, py);
  });
}

function traceBand(
  context: CanvasRenderingContext2D,
  points: readonly ChartPoint[],
  x: (t: number) => number,
  y: ValueScale,
): boolean {
  const banded = points.filter((p) => p.bucket?.min !== undefined && p.bucket.max !== undefined);
  if (banded.length === 0) return false;
  context.beginPath();
  banded.forEach((p, i) => {
    const px = x(p.time);
    const py = y(p.bucket?.max ?? p.value);
    if (i === 0) context.moveTo(px, py);
    else context.lineTo(px, py);
  });
  for (let i = banded.length - 1; i >= 0; i--) {
    const p = banded[i];
    if (p) context.lineTo(x(p.time), y(p.bucket?.min ?? p.value));
  }
  context.closePath();
  return true;
}

/**
 * Time series as lines: axes in SVG, the lines on a canvas so long series
 * (decimated to the plot's width) stay smooth, weekends shaded, a legend whose
 * hover thickens a line, and a tooltip run by the tooltip machine. Points
 * that stand for buckets get a light min/max band. New data draws in from the
 * left once (500 ms). On a sliding window the canvas follows the clock while
 * on screen, on a beat of at most a pixel shared by every chart of the page,
 * and the axis moves with it by a transform; a new point is drawn at once.
 * The root's `data-last-drawn` is the newest point time drawn inside the plot.
 */
export function LineChart({
  datasets: givenDatasets,
  points: singlePoints,
  label,
  unit,
  color,
  window: givenWindow,
  from: fixedFrom,
  to: fixedTo,
  formatValue: givenFormatValue,
  formatTick: givenFormatTick,
  formatRange,
  height = CHART_HEIGHT,
  width: givenWidth,
  timeZone = browserZone(),
  touch = false,
  yAxis = 'linear',
  weekendColor: givenWeekendColor,
  hoverTime,
  legend,
  now: clock = Date.now,
  tooltipContext,
  holidays = NO_HOLIDAYS,
}: LineChartProps) {
  const theme = useTheme();
  const { i18n } = useLingui();
  const { settings } = useSettings();
  const { ref, width } = useChartSize(givenWidth);
  const visible = useVisible(ref);
  const canvas = useRef<HTMLCanvasElement>(null);
  const axisGroup = useRef<SVGGElement>(null);
  const tooltip = useChartTooltip(hoverTime);
  const clipId = `axis-${useId().replace(/\W/g, '')}`;
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const formatValue = useMemo(
    () => givenFormatValue ?? ((value: number) => formatCount(value, 3, language)),
    [givenFormatValue, language],
  );
  // The same function while the language stays: the value axis is laid out again only when it changes.
  const formatTick = useMemo(
    () => givenFormatTick ?? ((value: number) => formatAxisValue(value, language)),
    [givenFormatTick, language],
  );
  const weekendColor =
    givenWeekendColor === undefined ? weekendColorValues[settings.weekendColor] : givenWeekendColor;

  const window = useMemo<ChartWindow>(
    () =>
      givenWindow ??
      (fixedFrom !== undefined && fixedTo !== undefined
        ? { kind: 'fixed', from: fixedFrom, to: fixedTo }
        : { kind: 'sliding', durationMs: 7 * DAY }),
    [givenWindow, fixedFrom, fixedTo],
  );
  const sliding = window.kind === 'sliding';
  const spanMs = window.kind === 'sliding' ? window.durationMs : window.to - window.from;
  const innerWidth = plotWidth(width);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;

  const datasets = useMemo<readonly ChartDataset[]>(
    () =>
      givenDatasets ?? [
        { id: 'series', label, points: singlePoints ?? [], color: color ?? theme.colors.primary },
      ],
    [givenDatasets, singlePoints, label, color, theme.colors.primary],
  );
  // What is drawn: the points the axis can show, thinned to about two per pixel.
  const drawn = useMemo<readonly Drawn[]>(
    () =>
      datasets.map((d, index) => {
        const usable = innerWidth > 0 ? drawablePoints(d.points, yAxis) : [];
        // Nothing is drawn before the width is known: no work on the whole series for it.
        const points = innerWidth > 0 ? decimate(usable, Math.ceil(innerWidth)) : usable;
        return {
          id: d.id,
          label: d.label,
          color: d.color ?? (index === 0 ? theme.colors.primary : paletteColor(index)),
          borderWidth: d.borderWidth,
          points,
          runs: runsOf(points, gapThreshold(usable, spanMs / Math.max(1, innerWidth))),
        };
      }),
    [datasets, yAxis, innerWidth, spanMs, theme.colors.primary],
  );
  const skipped = useMemo(
    () => datasets.reduce((sum, d) => sum + skippedOnLog(d.points, yAxis), 0),
    [datasets, yAxis],
  );
  const y = useMemo(
    () =>
      valueScale(
        drawn.flatMap((d) => d.points),
        yAxis,
        innerHeight,
      ),
    [drawn, yAxis, innerHeight],
  );

  // The axis is laid out at a lower rate; between, the canvas and the axis' transform follow the clock.
  const [axisNow, setAxisNow] = useState(() => clock());
  const refreshMs = sliding ? axisRefreshMs(window.durationMs, innerWidth) : 0;
  useEffect(() => {
    if (!sliding || !visible) return;
    // At once when the chart comes on screen with an old axis, then on the axis' beat,
    // in one task with the page's other clocks of that beat.
    const first = setTimeout(() =>
      setAxisNow((was) => (Math.abs(clock() - was) >= refreshMs ? clock() : was)),
    );
    // A transition: the wall's axes are laid out in slices a live point does not wait behind.
    const unsubscribe = subscribeTick(refreshMs, () => startTransition(() => setAxisNow(clock())));
    return () => {
      clearTimeout(first);
      unsubscribe();
    };
  }, [sliding, visible, refreshMs, clock]);
  const axisRange = windowRange(window, axisNow);

  // The line draws in from the left the first time there is something to draw.
  const hasPoints = drawn.some((d) => d.points.length > 0);
  const revealStart = useRef<number | null>(null);

  const holidaysKey = useMemo(() => holidays.join(','), [holidays]);
  const weekendCache = useRef<{ key: string; ranges: Array<readonly [number, number]> }>({
    key: '',
    ranges: [],
  });
  const lastDrawn = useRef<{ now: number; newest: number | null }>({
    now: -Infinity,
    newest: null,
  });
  const pointed = tooltip.pointed;
  const hoverId = tooltip.hoverId;

  // Draws the canvas for the clock at `now`: cheap enough for every frame (no React involved).
  const draw = useRef<(now: number, force: boolean) => boolean>(() => false);
  const drawAt = (now: number, force: boolean): boolean => {
    const element = canvas.current;
    if (!element || innerWidth <= 0 || innerHeight <= 0) return false;
    if (hasPoints && revealStart.current === null)
      revealStart.current = reducedMotion() ? -Infinity : performance.now();
    const { from, to } = windowRange(window, now);
    const span = to - from || 1;
    const pxPerMs = innerWidth / span;
    const reveal =
      revealStart.current === null
        ? 0
        : Math.min(1, (performance.now() - revealStart.current) / ANIMATION_MS);
    if (!force && reveal >= 1 && Math.abs(now - lastDrawn.current.now) * pxPerMs < MIN_SHIFT_PX)
      return false;
    const context = prepareCanvas(element, innerWidth, innerHeight);
    const x = (t: number) => (t - from) * pxPerMs;
    const root = ref.current;
    if (axisGroup.current && sliding)
      axisGroup.current.setAttribute(
        'transform',
        `translate(${-(now - windowRange(window, axisNow).to) * pxPerMs},0)`,
      );
    if (context) {
      context.save();
      if (weekendColor && span > DAY) {
        const key = `${Math.floor(from / DAY)}:${Math.ceil(to / DAY)}:${timeZone}:${holidaysKey}`;
        if (weekendCache.current.key !== key)
          weekendCache.current = {
            key,
            ranges: daysOffRanges(from - 2 * DAY, to + 2 * DAY, timeZone, holidays),
          };
        context.fillStyle = withAlpha(weekendColor, WEEKEND_OPACITY);
        for (const [start, end] of weekendCache.current.ranges) {
          if (end < from || start > to) continue;
          context.fillRect(x(start), 0, (end - start) * pxPerMs, innerHeight);
        }
      }
      context.beginPath();
      context.rect(0, 0, innerWidth * reveal, innerHeight);
      context.clip();
      const radius = touch ? TOUCH_POINT_RADIUS : POINT_RADIUS;
      for (const d of drawn) {
        context.strokeStyle = d.color;
        context.fillStyle = d.color;
        context.lineWidth =
          hoverId === d.id ? lineWidthFor(d.id, hoverId) : (d.borderWidth ?? LINE_WIDTH);
        context.lineJoin = 'round';
        context.lineCap = 'round';
        const spacing = d.points.length > 1 ? innerWidth / d.points.length : innerWidth;
        const dots = spacing >= MIN_DOT_SPACING;
        for (const run of d.runs) {
          if (traceBand(context, run, x, y)) {
            context.globalAlpha = BAND_OPACITY;
            context.fill();
            context.globalAlpha = 1;
          }
          traceLine(context, run, x, y);
          context.stroke();
          // A point alone between two gaps has no line: it shows as a dot.
          if (!dots && run.length > 1) continue;
          for (const p of run) {
            const px = x(p.time);
            if (px < -radius || px > innerWidth + radius) continue;
            context.beginPath();
            context.arc(px, y(p.value), radius, 0, 2 * Math.PI);
            context.fill();
          }
        }
      }
      context.restore();
      // The point the tooltip is about: a dashed line through it.
      const target = pointed
        ? drawn.find((d) => d.id === pointed.datasetId)?.points[pointed.index]
        : undefined;
      if (target) {
        context.save();
        context.strokeStyle = theme.colors.textMuted;
        context.setLineDash([3, 3]);
        context.lineWidth = 1;
        context.beginPath();
        context.moveTo(x(target.time), 0);
        context.lineTo(x(target.time), innerHeight);
        context.stroke();
        context.restore();
      }
    }
    lastDrawn.current.now = now;
    const newest = reveal > 0 ? newestInside(drawn, from, to) : null;
    if (newest !== lastDrawn.current.newest && root) {
      lastDrawn.current.newest = newest;
      if (newest === null) root.removeAttribute('data-last-drawn');
      else root.setAttribute('data-last-drawn', String(newest));
    }
    return reveal < 1;
  };

  // Whatever changed is drawn before the browser paints: a new point shows at once.
  useLayoutEffect(() => {
    draw.current = drawAt;
    draw.current(clock(), true);
  });

  // Every frame while the line draws in; then, while a window slides on screen, on its beat
  // (one loop for every chart, asleep on a timer while none is due).
  useEffect(() => {
    if (innerWidth <= 0 || !visible) return;
    const unsubscribe = subscribeFrame(() => {
      const now = clock();
      if (draw.current(now, false)) return;
      if (!sliding) {
        unsubscribe();
        return undefined;
      }
      return untilNextStep(now, spanMs, innerWidth);
    });
    return unsubscribe;
  }, [sliding, spanMs, visible, innerWidth, hasPoints, clock]);

  const targetAt = (event: PointerEvent<HTMLDivElement>): TooltipTarget | null => {
    const box = event.currentTarget.getBoundingClientRect();
    const { from, to } = windowRange(window, clock());
    const px = event.clientX - box.left - MARGIN.left;
    const py = event.clientY - box.top - MARGIN.top;
    const pxPerMs = innerWidth / (to - from || 1);
    const t = from + px / (pxPerMs || 1);
    let best: TooltipTarget | null = null;
    let bestDistance = Infinity;
    for (const d of drawn) {
      const index = nearestIndex(d.points, t);
      const p = d.points[index];
      if (!p) continue;
      const dx = (p.time - t) * pxPerMs;
      const dy = y(p.value) - py;
      const distance = dx * dx + dy * dy;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = {
          datasetId: d.id,
          index,
          left: MARGIN.left + (p.time - from) * pxPerMs,
          top: MARGIN.top,
        };
      }
    }
    return best;
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) =>
    tooltip.onPointer(event, targetAt(event));

  const entries = useMemo<{
    title: string;
    entries: TooltipEntry[];
    moment: Omit<TooltipMoment, 'setLoading'>;
  } | null>(() => {
    const target = tooltip.target;
    if (!target) return null;
    const hovered = drawn.find((d) => d.id === target.datasetId)?.points[target.index];
    if (!hovered) return null;
    const { from, to } = windowRange(window, axisNow);
    const near = ((to - from) / Math.max(1, innerWidth)) * 6;
    const list: TooltipEntry[] = [];
    for (const d of drawn) {
      const p =
        d.id === target.datasetId ? hovered : d.points[nearestIndex(d.points, hovered.time)];
      if (!p || Math.abs(p.time - hovered.time) > near) continue;
      list.push({
        id: d.id,
        label: d.label,
        color: d.color,
        value: `${formatValue(p.value)}${unit ? ` ${unit}` : ''}`,
        note:
          p.bucket?.min !== undefined && p.bucket.max !== undefined && formatRange
            ? formatRange(formatValue(p.bucket.min), formatValue(p.bucket.max))
            : undefined,
      });
    }
    return {
      title: describeTime(hovered, timeZone),
      entries: list,
      moment: {
        time: hovered.time,
        span: hovered.bucket ? { start: hovered.bucket.start, end: hovered.bucket.end } : undefined,
        datasetIds: list.map((entry) => entry.id),
      },
    };
  }, [
    tooltip.target,
    drawn,
    window,
    axisNow,
    innerWidth,
    formatValue,
    formatRange,
    unit,
    timeZone,
  ]);

  const first = drawn[0];
  const last = first?.points[first.points.length - 1];
  const summary =
    drawn.length === 1 && first
      ? last
        ? `${label}: ${first.points.length} · ${formatValue(last.value)}${unit ? ` ${unit}` : ''}`
        : label
      : `${label}: ${drawn
          .map((d) => {
            const end = d.points[d.points.length - 1];
            return `${d.label} ${d.points.length}${end ? ` · ${formatValue(end.value)}` : ''}`;
          })
          .join(', ')}`;
  const showLegend = legend ?? drawn.length > 1;

  return (
    <div>
      <ChartFrame
        ref={ref}
        style={{ height }}
        role="img"
        aria-label={summary}
        data-window={window.kind}
        data-hover-id={hoverId ?? undefined}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={tooltip.onLeave}
      >
        {width > 0 ? (
          <>
            <canvas
              ref={canvas}
              style={{ left: MARGIN.left, top: MARGIN.top, width: innerWidth, height: innerHeight }}
            />
            <svg width={width} height={height} aria-hidden>
              <defs>
                <clipPath id={clipId}>
                  <rect
                    x={-MARGIN.left / 2}
                    y={innerHeight}
                    width={innerWidth + MARGIN.left / 2 + MARGIN.right}
                    height={MARGIN.bottom}
                  />
                </clipPath>
              </defs>
              <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
                <ValueAxis scale={y} formatTick={formatTick} />
                <line
                  x1={0}
                  x2={innerWidth}
                  y1={innerHeight}
                  y2={innerHeight}
                  stroke={theme.colors.border}
                />
                <g clipPath={`url(#${clipId})`}>
                  <g ref={axisGroup}>
                    <TimeAxis
                      from={axisRange.from}
                      to={axisRange.to}
                      extendTo={axisRange.to + (sliding ? 2 * refreshMs + MINUTE : 0)}
                      width={innerWidth}
                      chartWidth={width}
                      top={innerHeight}
                      timeZone={timeZone}
                    />
                  </g>
                </g>
              </g>
            </svg>
            {entries ? (
              <ChartTooltip
                tooltip={tooltip}
                chartWidth={width}
                title={entries.title}
                entries={entries.entries}
              >
                {tooltipContext?.({ ...entries.moment, setLoading: tooltip.setContextLoading })}
              </ChartTooltip>
            ) : null}
          </>
        ) : null}
      </ChartFrame>
      <LogAxisNote skipped={skipped} />
      {showLegend ? (
        <ChartLegend
          items={drawn.map((d) => ({ id: d.id, label: d.label, color: d.color }))}
          hoverId={hoverId}
          onHover={tooltip.onLegendHover}
        />
      ) : null}
    </div>
  );
}
