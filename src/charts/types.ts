import type { ReactNode } from 'react';
import type { PeriodWindow } from '../lib/periods.ts';

/**
 * One point of a series (spec §3 "Chart dataset": x is `time`, epoch ms; y
 * is `value`). A point that stands for a bucket of values (long periods) also
 * has the bucket's span: a bar covers it and a tooltip names it. Where the
 * value is the bucket's average, the bucket also has its lowest and highest
 * value, drawn as a band behind the line and told in the tooltip; a sum or a
 * count has none (it does not lie between them).
 */
export interface ChartPoint {
  readonly time: number;
  readonly value: number;
  readonly bucket?: {
    readonly start: number;
    readonly end: number;
    readonly min?: number | undefined;
    readonly max?: number | undefined;
  };
}

/**
 * A dataset of a chart (spec §3 "Chart dataset"): its id (the legend's hover
 * id), label, colour and points; `borderWidth` overrides the line width (3,
 * 7 while hovered). `lat`/`long` are where its device is, for the tooltip's
 * weather later.
 */
export interface ChartDataset {
  readonly id: string;
  readonly label: string;
  readonly points: readonly ChartPoint[];
  /** A CSS colour; the theme's primary colour when not given. */
  readonly color?: string | undefined;
  readonly borderWidth?: number | undefined;
  readonly unit?: string | undefined;
  readonly lat?: number | undefined;
  readonly long?: number | undefined;
}

/** A doughnut or pie slice (spec §3: their data carry from and to). */
export interface ChartSlice {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly color: string;
  /** The time span the slice's value covers, epoch ms. */
  readonly from: number;
  readonly to: number;
}

/** What a time chart shows: a window sliding with the clock, or fixed times (src/lib/periods.ts). */
export type ChartWindow = PeriodWindow;

/** The value axis: linear (the default) or logarithmic (spec §3 UI state "y-axis type"). */
export type YAxisType = 'linear' | 'logarithmic';

/**
 * What a shown tooltip is about, for what the page adds beside its values
 * (the weather then, the day's holidays and birthdays: spec §1 and §3
 * "tooltip"): the instant, or the span of a bucket, bar or slice.
 */
export interface TooltipMoment {
  readonly time: number;
  /** The span a bucket, bar or slice covers (long periods; pie and doughnut from/to). */
  readonly span?: { readonly start: number; readonly end: number } | undefined;
  /** The datasets the tooltip lists, by id. */
  readonly datasetIds: readonly string[];
  /** The tooltip machine's context-loading flag (spec §4: set while the weather loads). */
  readonly setLoading: (loading: boolean) => void;
}

/** Renders what a page adds to a chart's tooltip, under its values. */
export type TooltipContext = (moment: TooltipMoment) => ReactNode;
