import { TZDate, tz } from '@date-fns/tz';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { useCallback, useEffect } from 'react';
import type { TooltipContext, TooltipMoment } from '../../charts/types.ts';
import {
  TooltipContextView,
  type TooltipDay,
  type TooltipWeather,
} from '../../charts/tooltip-context-view.tsx';
import { useCalendarDays } from '../calendar/use-calendar-days.ts';
import { weatherQuery } from '../weather/queries.ts';

/** Where a chart's device is, for its tooltip's weather (spec §4: none while uncalibrated). */
export interface ChartPlace {
  lat: number | null;
  long: number | null;
  calibrated: boolean;
}

const HOUR = 3_600_000;
/** A bucket, bar or slice this long or longer is a day's (or more): its weather is the day's, at noon. */
const DAY_UNIT_MS = 12 * HOUR;
/** The most days a tooltip over a long span lists. */
const DAYS_SHOWN_MAX = 4;

/**
 * The instant whose weather a tooltip shows: the hour pointed at, or for a
 * day-long bucket (or longer) noon of its first day on the wall clock of
 * `timeZone` (spec §9: day-unit weather is asked for noon).
 */
export function weatherInstant(moment: Pick<TooltipMoment, 'time' | 'span'>, timeZone: string) {
  const span = moment.span;
  if (!span || span.end - span.start < DAY_UNIT_MS) return moment.time;
  const day = new TZDate(span.start, timeZone);
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 12, 0, 0, timeZone).getTime();
}

/** The calendar days (YYYY-MM-DD, in `timeZone`) a moment covers. */
export function momentDates(
  moment: Pick<TooltipMoment, 'time' | 'span'>,
  timeZone: string,
): string[] {
  const inZone = { in: tz(timeZone) };
  const first = format(moment.span?.start ?? moment.time, 'yyyy-MM-dd', inZone);
  if (!moment.span) return [first];
  const last = format(Math.max(moment.span.start, moment.span.end - 1), 'yyyy-MM-dd', inZone);
  const dates = [first];
  for (let day = new TZDate(moment.span.start, timeZone); dates.length < 366;) {
    day = addDays(day, 1);
    const date = format(day, 'yyyy-MM-dd', inZone);
    if (date > last) break;
    dates.push(date);
  }
  return dates;
}

function MomentContext({
  moment,
  place,
  timeZone,
}: {
  moment: TooltipMoment;
  place: ChartPlace | null;
  timeZone: string;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const positioned = place !== null && place.lat !== null && place.long !== null;
  const withWeather = positioned && place.calibrated;
  const weather = useQuery({
    ...weatherQuery(
      { lat: place?.lat ?? 0, long: place?.long ?? 0 },
      weatherInstant(moment, timeZone),
      language,
    ),
    enabled: withWeather,
  });
  const { setLoading } = moment;
  const loading = withWeather && weather.isFetching;
  useEffect(() => {
    setLoading(loading);
    return () => setLoading(false);
  }, [loading, setLoading]);
  const calendar = useCalendarDays(language);

  let shown: TooltipWeather = { state: 'none' };
  if (place && !place.calibrated) shown = { state: 'notCalibrated' };
  else if (withWeather && weather.data) shown = { state: 'shown', weather: weather.data };
  else if (loading) shown = { state: 'loading' };
  const days: TooltipDay[] = momentDates(moment, timeZone)
    .flatMap((date) => calendar.byDate.get(date) ?? [])
    .slice(0, DAYS_SHOWN_MAX)
    .map((day) => ({
      key: `${day.date} ${day.birthday ? (day.userId ?? day.name) : day.name}`,
      name: day.name,
      birthday: day.birthday,
    }));
  return <TooltipContextView weather={shown} days={days} />;
}

/**
 * What a chart's tooltip adds under its values (spec §1): the weather at the
 * device's place then, and the day's holidays and birthdays. `place` is
 * null for a chart of no one place (several devices); a device that is not
 * calibrated gets the notCalibrated text instead of weather.
 */
export function useTooltipContext(place: ChartPlace | null, timeZone: string): TooltipContext {
  const lat = place?.lat ?? null;
  const long = place?.long ?? null;
  const calibrated = place?.calibrated ?? false;
  const known = place !== null;
  return useCallback(
    (moment: TooltipMoment) => (
      <MomentContext
        moment={moment}
        place={known ? { lat, long, calibrated } : null}
        timeZone={timeZone}
      />
    ),
    [known, lat, long, calibrated, timeZone],
  );
}
