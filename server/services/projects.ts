import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { scopeList, type Actor } from '../access/access.ts';
import { json } from '../db/json.ts';
import type { ProjectsTable } from '../db/types.ts';
import { HttpError } from '../lib/http-error.ts';
import { favouriteRepository } from '../repositories/favourite-repository.ts';
import { narrowScope, parseSort, type PageRequest } from '../repositories/list-query.ts';
import { projectRepository, projectSorts } from '../repositories/project-repository.ts';
import { contactOf, projectView } from '../views/project-view.ts';
import {
  PROJECT_DATES_MESSAGE,
  type Project,
  type ProjectContact,
  type ProjectCreate,
  type ProjectListQuery,
  type ProjectUpdate,
} from '../../contracts/project.ts';
import { organisationChecks } from './organisation-checks.ts';

const notFound = () => new HttpError(404, 'Resource not found');

/** Days as YYYY-MM-DD compare as text. */
function checkDates(startDate: string, endDate: string): void {
  if (startDate > endDate) throw new HttpError(400, PROJECT_DATES_MESSAGE);
}

/** A contact as stored: the fields given over the ones kept, text trimmed, empty as null. */
function mergeContact(kept: ProjectContact, given: Partial<ProjectContact>): ProjectContact {
  const merged = { ...kept };
  for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
    if (field in given) merged[field] = given[field]?.trim() || null;
  }
  return merged;
}

/**
 * The rules of projects (spec §3 Project, §5): a title and a start day no
 * later than the end day; one is made in or moved to an organisation the
 * caller works in, never away from its devices and collections; deleting
 * one leaves its devices and collections without a project.
 */
export function projectService(fastify: FastifyInstance) {
  const repo = projectRepository(fastify.db);
  const favourites = favouriteRepository(fastify.db);
  const orgs = organisationChecks(fastify);
  const load = async (id: number, actor: Actor) => {
    const row = await repo.get(id, scopeList(actor));
    if (!row) throw notFound();
    return row;
  };
  const show = async (id: number, actor: Actor): Promise<Project> =>
    projectView(await load(id, actor));

  return {
    get: show,

    async list(actor: Actor, query: ProjectListQuery, page: PageRequest) {
      const rows = await repo.list(
        {
          orgs: narrowScope(scopeList(actor), query.orgUuid),
          search: query.search?.trim(),
          activeOn: query.activeOn,
        },
        scopeList(actor),
        parseSort(query.sort, projectSorts, 'title'),
        page,
      );
      return { rows: rows.rows.map(projectView), total: rows.total };
    },

    async create(actor: Actor, body: ProjectCreate): Promise<Project> {
      checkDates(body.startDate, body.endDate);
      const contact = mergeContact(contactOf({}), body.contact ?? {});
      const id = await repo.create({
        title: body.title.trim(),
        description: body.description ?? null,
        start_date: body.startDate,
        end_date: body.endDate,
        contact: json(contact),
        org_uuid: body.orgUuid ?? actor.orgUuid,
      });
      return show(id, actor);
    },

    async update(actor: Actor, body: ProjectUpdate): Promise<Project> {
      const current = await load(body.id, actor);
      checkDates(body.startDate ?? current.start_date, body.endDate ?? current.end_date);
      if (body.orgUuid !== undefined && body.orgUuid !== current.org_uuid) {
        const tree = await orgs.move(
          actor,
          'project',
          'changeparent',
          current.org_uuid,
          body.orgUuid,
        );
        // Its devices and collections stay where they are: the project may not leave them.
        if ((await repo.membersOutside(current.id, tree)) > 0) {
          throw new HttpError(
            409,
            'Devices or data collections outside the new organisation belong to this project',
          );
        }
      }
      const values: Updateable<ProjectsTable> = {
        ...(body.title !== undefined && { title: body.title.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.startDate !== undefined && { start_date: body.startDate }),
        ...(body.endDate !== undefined && { end_date: body.endDate }),
        ...(body.contact !== undefined && {
          contact: json(mergeContact(contactOf(current.contact), body.contact)),
        }),
        ...(body.orgUuid !== undefined && { org_uuid: body.orgUuid }),
      };
      await repo.update(current.id, values);
      return show(current.id, actor);
    },

    /** Removes a project; its devices and collections stay, without a project. */
    async remove(id: number): Promise<void> {
      if (!(await repo.delete(id))) throw notFound();
      await favourites.forget({ types: ['project'], id });
    },
  };
}
