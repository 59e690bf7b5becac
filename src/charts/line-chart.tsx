import { tz } from '@date-fns/tz';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { scaleLinear, scaleTime } from '@visx/scale';
import { format } from 'date-fns';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import { decimate } from '../../streams/decimate.ts';
import { timeTicks } from './time-ticks.ts';

/**
 * One point of a series: time in epoch milliseconds and its value. A point
 * that stands for a bucket of values (long periods) also has the bucket's
 * span and its lowest and highest value, drawn as a band behind the line.
 */
export interface ChartPoint {
  readonly time: number;
  readonly value: number;
  readonly bucket?: {
    readonly start: number;
    readonly end: number;
    readonly min: number;
    readonly max: number;
  };
}

export interface LineChartProps {
  /** Points in time order; a long series is decimated to the chart's width (min/max per pixel). */
  points: readonly ChartPoint[];
  from: number;
  to: number;
  /** Named for screen readers and the tooltip. */
  label: string;
  unit?: string;
  /** Formats a value for the tooltip (3 decimals in line tooltips, spec §9). */
  formatValue: (value: number) => string;
  /** Formats the value axis' ticks; whole numbers and at most two decimals by default. */
  formatTick?: (value: number) => string;
  /** The tooltip line under a bucket's value, from its lowest and highest value (already formatted). */
  formatRange?: (min: string, max: string) => string;
  color?: string;
  height?: number;
  /** The IANA zone times are shown in (the organisation's): ticks fall on its whole hours and days. */
  timeZone?: string;
  /** Touch screens get larger points (spec §9: 3, 5 on touch). */
  touch?: boolean;
}

/** Spec §9: line chart height 300, line width 3 (7 on hover), points 3 (5 on touch), animation 500 ms. */
export const CHART_HEIGHT = 300;
const LINE_WIDTH = 3;
const HOVER_LINE_WIDTH = 7;
const ANIMATION_MS = 500;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 };
/** Points are drawn as dots only while they are this far apart or more. */
const MIN_DOT_SPACING = 10;
/** The min/max band: the line's colour, light enough that the line stays the thing to read. */
const BAND_OPACITY = 0.3;
const TOOLTIP_WIDTH = 400;
const MOBILE_TOOLTIP_WIDTH = 300;
const MOBILE_CHART_WIDTH = 430;

/** The width of the plot (the line's area) in a chart `width` pixels wide. */
export function plotWidth(width: number): number {
  return Math.max(0, width - MARGIN.left - MARGIN.right);
}

const Frame = styled.div`
  position: relative;
  width: 100%;
  canvas,
  svg {
    position: absolute;
    left: 0;
    top: 0;
  }
  svg text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
  }
`;

const Tooltip = styled.div`
  position: absolute;
  pointer-events: none;
  padding: 8px 10px;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 6px 18px rgb(0 0 0 / 18%);
  font-size: 0.8125rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  strong,
  span {
    display: block;
  }
`;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const tickNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
function defaultTickFormat(value: number): string {
  return tickNumber.format(value);
}

/** The index of the point nearest in time to `t` (points are in time order). */
export function nearestIndex(points: readonly ChartPoint[], t: number): number {
  let low = 0;
  let high = points.length - 1;
  if (high < 0) return -1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((points[middle]?.time ?? 0) < t) low = middle + 1;
    else high = middle;
  }
  const before = points[low - 1];
  const at = points[low];
  if (before && at && t - before.time < at.time - t) return low - 1;
  return low;
}

/** The value range to show (band included), padded a little, and never empty. */
export function valueDomain(points: readonly ChartPoint[]): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p.value, p.bucket?.min ?? Infinity);
    max = Math.max(max, p.value, p.bucket?.max ?? -Infinity);
  }
  if (!Number.isFinite(min)) return [0, 1];
  if (min === max) return [min - 1, max + 1];
  const pad = (max - min) * 0.08;
  return [min >= 0 && min - pad < 0 ? 0 : min - pad, max + pad];
}

/** The band from each bucket's lowest to its highest value, as a closed path. */
function traceBand(
  context: CanvasRenderingContext2D,
  points: readonly ChartPoint[],
  x: (time: number) => number,
  y: (value: number) => number,
): boolean {
  const banded = points.filter((p) => p.bucket !== undefined);
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

/** A point's time for the tooltip, in `timeZone`: a bucket's span, or the instant. */
export function describeTime(point: ChartPoint, timeZone: string): string {
  const inZone = { in: tz(timeZone) };
  if (!point.bucket) return format(point.time, 'dd/MM/yyyy HH:mm:ss', inZone);
  const { start, end } = point.bucket;
  const sameDay = format(start, 'yyyyMMdd', inZone) === format(end - 1, 'yyyyMMdd', inZone);
  return `${format(start, 'dd/MM/yyyy HH:mm', inZone)}–${format(end, sameDay ? 'HH:mm' : 'dd/MM/yyyy HH:mm', inZone)}`;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A time series as a line: axes in SVG, the line on a canvas so long series
 * stay smooth, a tooltip with the nearest point's time and value. Points
 * that stand for buckets get a light band from their lowest to their highest
 * value behind the line, so peaks an average flattens stay in sight. New
 * data draws the line in from the left once (500 ms); live updates after
 * that redraw at once.
 */
export function LineChart({
  points: allPoints,
  from,
  to,
  label,
  unit,
  formatValue,
  formatTick = defaultTickFormat,
  formatRange,
  color,
  height = CHART_HEIGHT,
  timeZone = browserZone(),
  touch = false,
}: LineChartProps) {
  const theme = useTheme();
  const { ref, width } = useWidth();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [reveal, setReveal] = useState(0);
  const stroke = color ?? theme.colors.primary;
  const innerWidth = plotWidth(width);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const points = useMemo(
    () => (innerWidth > 0 ? decimate(allPoints, Math.ceil(innerWidth)) : allPoints),
    [allPoints, innerWidth],
  );

  const x = useMemo(
    () => scaleTime({ domain: [new Date(from), new Date(to)], range: [0, innerWidth] }),
    [from, to, innerWidth],
  );
  const y = useMemo(
    () => scaleLinear({ domain: valueDomain(points), range: [innerHeight, 0], nice: true }),
    [points, innerHeight],
  );
  const ticks = useMemo(
    () => timeTicks(from, to, width, timeZone).map((t) => new Date(t)),
    [from, to, width, timeZone],
  );
  const dayTicks = to - from > 2 * 24 * 3_600_000;

  // The line draws in from the left the first time there is something to draw.
  const hasPoints = points.length > 0;
  useEffect(() => {
    if (!hasPoints) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced) {
      setReveal(1);
      return;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - started) / ANIMATION_MS);
      setReveal(progress);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [hasPoints]);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || innerWidth <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(innerWidth * ratio);
    element.height = Math.round(innerHeight * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, innerWidth, innerHeight);
    context.save();
    context.beginPath();
    context.rect(0, 0, innerWidth * reveal, innerHeight);
    context.clip();
    if (traceBand(context, points, x, y)) {
      context.globalAlpha = BAND_OPACITY;
      context.fillStyle = stroke;
      context.fill();
      context.globalAlpha = 1;
    }
    context.strokeStyle = stroke;
    context.lineWidth = hover === null ? LINE_WIDTH : HOVER_LINE_WIDTH;
    context.lineJoin = 'round';
    context.lineCap = 'round';
    context.beginPath();
    points.forEach((p, i) => {
      const px = x(p.time);
      const py = y(p.value);
      if (i === 0) context.moveTo(px, py);
      else context.lineTo(px, py);
    });
    context.stroke();
    const spacing = points.length > 1 ? innerWidth / points.length : innerWidth;
    if (spacing >= MIN_DOT_SPACING) {
      const radius = touch ? 5 : 3;
      context.fillStyle = stroke;
      for (const p of points) {
        context.beginPath();
        context.arc(x(p.time), y(p.value), radius, 0, 2 * Math.PI);
        context.fill();
      }
    }
    context.restore();
  }, [points, x, y, innerWidth, innerHeight, stroke, hover, reveal, touch]);

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const t = x.invert(event.clientX - box.left - MARGIN.left).getTime();
    const index = nearestIndex(points, t);
    setHover(index >= 0 ? index : null);
  };

  const hovered = hover === null ? undefined : points[hover];
  const tooltipWidth = width < MOBILE_CHART_WIDTH ? MOBILE_TOOLTIP_WIDTH : TOOLTIP_WIDTH;
  const last = points[points.length - 1];
  const summary = last
    ? `${label}: ${points.length} · ${formatValue(last.value)}${unit ? ` ${unit}` : ''}`
    : label;

  return (
    <Frame
      ref={ref}
      style={{ height }}
      role="img"
      aria-label={summary}
      onPointerMove={onPointer}
      onPointerDown={onPointer}
      onPointerLeave={() => setHover(null)}
    >
      {width > 0 ? (
        <>
          <canvas
            ref={canvas}
            style={{
              left: MARGIN.left,
              top: MARGIN.top,
              width: innerWidth,
              height: innerHeight,
            }}
          />
          <svg width={width} height={height} aria-hidden>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <AxisLeft
                scale={y}
                numTicks={5}
                stroke={theme.colors.border}
                tickStroke={theme.colors.border}
                tickFormat={(value) => formatTick(Number(value))}
              />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={ticks}
                stroke={theme.colors.border}
                tickStroke={theme.colors.border}
                tickFormat={(value) =>
                  value instanceof Date
                    ? format(value, dayTicks ? 'dd/MM' : 'HH:mm', { in: tz(timeZone) })
                    : ''
                }
              />
              {hovered ? (
                <line
                  x1={x(hovered.time)}
                  x2={x(hovered.time)}
                  y1={0}
                  y2={innerHeight}
                  stroke={theme.colors.textMuted}
                  strokeDasharray="3 3"
                />
              ) : null}
            </g>
          </svg>
          {hovered ? (
            <Tooltip
              style={{
                maxWidth: tooltipWidth,
                top: MARGIN.top,
                left: Math.min(
                  Math.max(0, MARGIN.left + x(hovered.time) + 12),
                  Math.max(0, width - Math.min(tooltipWidth, 220)),
                ),
              }}
            >
              <strong>
                {formatValue(hovered.value)}
                {unit ? ` ${unit}` : ''}
              </strong>
              {hovered.bucket && formatRange ? (
                <span>
                  {formatRange(formatValue(hovered.bucket.min), formatValue(hovered.bucket.max))}
                </span>
              ) : null}
              {describeTime(hovered, timeZone)}
            </Tooltip>
          ) : null}
        </>
      ) : null}
    </Frame>
  );
}
