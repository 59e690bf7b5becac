import type { ProjectListQuery } from '../../../contracts/project.ts';
import type { ListQuery } from '../list-query.ts';

/** The filters the projects list takes (GET /v2/projects). */
export type ProjectFilters = Pick<ProjectListQuery, 'orgUuid' | 'activeOn'>;

export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (query: ListQuery<ProjectFilters>) => [...projectKeys.lists(), query] as const,
  choices: (filters: ProjectFilters = {}) =>
    [...projectKeys.lists(), { choices: true, ...filters }] as const,
  details: () => [...projectKeys.all, 'detail'] as const,
  detail: (id: number) => [...projectKeys.details(), id] as const,
};
