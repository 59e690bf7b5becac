import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { visibleBirthdays } from '../../calendar/birthdays.ts';
import { FIRST_YEAR, yearSpan } from '../../calendar/days.ts';
import { holidayCountry, publicHolidays } from '../../calendar/holidays.ts';
import { requireActor } from '../../plugins/auth.ts';
import { organisationRepository } from '../../repositories/organisation-repository.ts';
import { CALENDAR_YEARS_MAX, CalendarParams, HolidayDays } from '../../../contracts/calendar.ts';
import { errors } from '../../../contracts/common.ts';

const YEARS =
  'From 1 January of one year to 31 December of the same or a later one, ' +
  `at most ${CALENDAR_YEARS_MAX} years, from the year ${FIRST_YEAR} (400 otherwise).`;
/** Answers depend on who asks: a browser keeps one per session, never another's. */
const VARY = 'Cookie, Authorization';

/**
 * The calendar's days (spec §7 holidays and annual services, docs/calendar.md):
 * public holidays of the caller's organisation's country, and the birthdays
 * of the people the caller may see.
 */
const calendar: FastifyPluginAsyncTypebox = async (fastify) => {
  const orgs = organisationRepository(fastify.db);

  fastify.get(
    '/v2/holidays/:from/:to/:language',
    {
      schema: {
        tags: ['calendar'],
        summary: "Public holidays of your organisation's country, by date",
        description:
          `${YEARS} Denmark's holidays when the organisation has no country or one without ` +
          "holiday data. Christmas Eve and New Year's Eve are included as days off.",
        security: [{ bearer: [] }],
        params: CalendarParams,
        response: { 200: HolidayDays, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const span = yearSpan(request.params);
      const country = holidayCountry((await orgs.get(actor.orgUuid))?.country ?? null);
      reply.header('cache-control', 'private, max-age=86400').header('vary', VARY);
      return publicHolidays(country, span, request.params.language);
    },
  );

  fastify.get(
    '/v2/annual/:from/:to/:language',
    {
      // Whoever may list users sees their birthdays, in the same organisations.
      preHandler: fastify.guard({ resource: 'user', privilege: 'list' }),
      schema: {
        tags: ['calendar'],
        summary: 'Birthdays of the users you can see, in each year asked, by date',
        description:
          `${YEARS} Active users with a birthday only; ` +
          '29 February falls on 28 February in other years.',
        security: [{ bearer: [] }],
        params: CalendarParams,
        response: { 200: HolidayDays, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const span = yearSpan(request.params);
      reply.header('cache-control', 'private, no-cache').header('vary', VARY);
      return visibleBirthdays(fastify.db, actor, span, request.params.language);
    },
  );
};

export default calendar;
