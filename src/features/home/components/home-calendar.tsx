import { Trans, useLingui } from '@lingui/react/macro';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { da, enGB } from 'date-fns/locale';
import { Cake, CalendarDays, CalendarHeart, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import type { HolidayDay } from '../../../../contracts/calendar.ts';
import { useCalendarDays } from '../../../api/calendar/use-calendar-days.ts';
import { daysUntil, formatRelativeDay } from '../../../lib/format.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';

/** How far ahead the list of upcoming days looks, and how many it shows. */
const UPCOMING_DAYS = 60;
const UPCOMING_MAX = 8;

const Section = styled.section`
  margin-top: 24px;
  h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 0 12px;
    font-size: 1.25rem;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 720px) {
    grid-template-columns: minmax(280px, 340px) minmax(0, 1fr);
  }
`;

const Panel = styled.div`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0 0 8px;
    font-size: 1rem;
  }
`;

const MonthBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  h3 {
    margin: 0;
    text-transform: capitalize;
  }
`;

const Month = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
  th {
    padding: 4px 0;
    font-size: 0.75rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
    text-transform: capitalize;
  }
  td {
    padding: 2px;
    text-align: center;
  }
`;

const Day = styled.span<{
  $outside: boolean;
  $today: boolean;
  $marked: 'holiday' | 'birthday' | null;
}>`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  font-size: 0.875rem;
  color: ${({ theme, $outside, $marked }) =>
    $outside ? theme.colors.textMuted : $marked === 'holiday' ? theme.colors.primary : 'inherit'};
  font-weight: ${({ $marked }) => ($marked ? 700 : 400)};
  outline: ${({ theme, $today }) => ($today ? `2px solid ${theme.colors.primary}` : 'none')};
  &::after {
    content: '';
    position: absolute;
    bottom: 3px;
    width: 5px;
    height: 5px;
    border-radius: 50%;
    background: ${({ theme, $marked }) => ($marked ? theme.colors.primary : 'transparent')};
  }
`;

const Upcoming = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    display: grid;
    grid-template-columns: 20px minmax(0, 1fr) auto;
    align-items: center;
    gap: 8px;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
    white-space: nowrap;
  }
`;

const isoDay = (day: Date) => format(day, 'yyyy-MM-dd');

/** A day's name as the calendar says it: a holiday's name, or whose birthday it is. */
function DayName({ day: { name, birthday } }: { day: HolidayDay }) {
  return birthday ? <Trans>{name}'s birthday</Trans> : <>{name}</>;
}

/**
 * The dashboard home's calendar (spec §1, §7, §9): public holidays and the
 * birthdays of the people the user may see, as a month with weeks starting
 * on Monday and as a list of what comes next, in words within 7 days.
 */
export function HomeCalendar() {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'da';
  const locale = language === 'en' ? enGB : da;
  const now = new Date();
  const calendar = useCalendarDays(language, now);
  const [month, setMonth] = useState(() => startOfMonth(now));
  // The services cover last, this and next year: the month moves within them.
  const first = new Date(now.getFullYear() - 1, 0, 1);
  const last = new Date(now.getFullYear() + 1, 11, 1);

  const today = isoDay(now);
  const weeks: Date[][] = [];
  const days = eachDayOfInterval({
    start: startOfWeek(month, { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 1 }),
  });
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const until = isoDay(addDays(now, UPCOMING_DAYS));
  const upcoming = calendar.days
    .filter((day) => day.date >= today && day.date <= until)
    .slice(0, UPCOMING_MAX);

  let body;
  if (calendar.loading) body = <Loading label={<Trans>Loading the calendar…</Trans>} />;
  else if (calendar.error)
    body = <ErrorState message={<Trans>The calendar could not be loaded.</Trans>} />;
  else
    body = (
      <Columns>
        <Panel>
          <MonthBar>
            <IconButton
              type="button"
              aria-label={t`Previous month`}
              disabled={month <= first}
              onClick={() => setMonth((shown) => addMonths(shown, -1))}
            >
              <ChevronLeft size={18} aria-hidden />
            </IconButton>
            <h3 aria-live="polite">{format(month, 'LLLL yyyy', { locale })}</h3>
            <IconButton
              type="button"
              aria-label={t`Next month`}
              disabled={month >= last}
              onClick={() => setMonth((shown) => addMonths(shown, 1))}
            >
              <ChevronRight size={18} aria-hidden />
            </IconButton>
          </MonthBar>
          <Month>
            <thead>
              <tr>
                {(weeks[0] ?? []).map((day) => (
                  <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale })}>
                    {format(day, 'EEEEEE', { locale })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={isoDay(week[0] ?? month)}>
                  {week.map((day) => {
                    const date = isoDay(day);
                    const marks = calendar.byDate.get(date) ?? [];
                    const names = marks.map(({ name, birthday }) =>
                      birthday ? t`${name}'s birthday` : name,
                    );
                    const label = [format(day, 'PPPP', { locale }), ...names].join(': ');
                    return (
                      <td key={date} data-date={date}>
                        <Day
                          $outside={!isSameMonth(day, month)}
                          $today={date === today}
                          $marked={
                            marks.length === 0
                              ? null
                              : marks.some((mark) => !mark.birthday)
                                ? 'holiday'
                                : 'birthday'
                          }
                          title={names.join(', ') || undefined}
                          aria-label={label}
                          aria-current={date === today ? 'date' : undefined}
                        >
                          {day.getDate()}
                        </Day>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Month>
        </Panel>
        <Panel>
          <h3>
            <Trans>Coming up</Trans>
          </h3>
          {upcoming.length === 0 ? (
            <Empty>
              <Trans>No holidays or birthdays in the next {UPCOMING_DAYS} days.</Trans>
            </Empty>
          ) : (
            <Upcoming aria-label={t`Holidays and birthdays coming up`}>
              {upcoming.map((day) => (
                <li
                  key={`${day.date} ${day.userId ?? day.name}`}
                  data-kind={day.birthday ? 'birthday' : 'holiday'}
                  data-in-days={daysUntil(day.date, now)}
                >
                  {day.birthday ? (
                    <Cake size={18} aria-hidden />
                  ) : (
                    <CalendarHeart size={18} aria-hidden />
                  )}
                  <span>
                    <DayName day={day} />
                  </span>
                  <time dateTime={day.date}>{formatRelativeDay(day.date, language, now)}</time>
                </li>
              ))}
            </Upcoming>
          )}
        </Panel>
      </Columns>
    );
  return (
    <Section aria-labelledby="home-calendar">
      <h2 id="home-calendar">
        <CalendarDays size={20} aria-hidden />
        <Trans>Calendar</Trans>
      </h2>
      {body}
    </Section>
  );
}
