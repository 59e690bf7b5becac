import type { Kysely } from 'kysely';
import { scopeList, type Actor } from '../access/access.ts';
import type { DB } from '../db/types.ts';
import { userRepository } from '../repositories/user-repository.ts';
import type { HolidayDay } from '../../contracts/calendar.ts';
import type { Language } from '../../contracts/user.ts';
import { sortDays, yearsOf, yearText, type YearSpan } from './days.ts';

/** What a birthday needs of a user. */
export interface BirthdayPerson {
  uuid: string;
  first_name: string;
  last_name: string;
  username: string;
  /** YYYY-MM-DD, or null when not given. */
  birthday: string | null;
  active: boolean;
}

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The day a birthday falls on in a year: 29 February is kept on 28 February in other years. */
export function birthdayIn(year: number, birthday: string): string {
  const monthDay = birthday.slice(5, 10);
  return `${yearText(year)}-${monthDay === '02-29' && !isLeapYear(year) ? '02-28' : monthDay}`;
}

/** The birthdays of active people with one, in every year of a span, by date. */
export function birthdayDays(
  people: readonly BirthdayPerson[],
  span: YearSpan,
  language: Language,
): HolidayDay[] {
  const days: HolidayDay[] = [];
  for (const person of people) {
    if (!person.active || !person.birthday) continue;
    const name = `${person.first_name} ${person.last_name}`.trim() || person.username;
    for (const year of yearsOf(span)) {
      days.push({
        date: birthdayIn(year, person.birthday),
        name,
        birthday: true,
        userId: person.uuid,
      });
    }
  }
  return sortDays(days, language);
}

/**
 * The birthdays of the people the caller may see: exactly the users
 * GET /api/entity/users lists to them (their organisations' users, in one
 * query), so a calendar never names someone of another tenant.
 */
export async function visibleBirthdays(
  db: Kysely<DB>,
  actor: Actor,
  span: YearSpan,
  language: Language,
): Promise<HolidayDay[]> {
  const people = await userRepository(db).list(scopeList(actor));
  return birthdayDays(people, span, language);
}
