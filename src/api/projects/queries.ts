import type { Project } from '../../../contracts/project.ts';
import { entityReads } from '../entity-reads.ts';
import { projectKeys, type ProjectFilters } from './keys.ts';

const reads = entityReads<Project, ProjectFilters>(projectKeys, 'core', {
  list: '/v2/projects',
  entity: '/v2/project',
});

export const projectListQuery = reads.list;

export const projectQuery = reads.entity;

/** Every project the user can see, by title, for a picker. */
export const projectChoicesQuery = (filters: ProjectFilters = {}) => reads.choices(filters);
