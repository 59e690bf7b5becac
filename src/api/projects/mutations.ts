import type { Project, ProjectCreate, ProjectUpdate } from '../../../contracts/project.ts';
import { entityWrites } from '../entity-writes.ts';
import { projectKeys } from './keys.ts';

const writes = entityWrites<Project, ProjectCreate, ProjectUpdate>(
  projectKeys,
  'core',
  '/v2/project',
);

export const useCreateProject = writes.useCreate;

export const useUpdateProject = writes.useUpdate;

export const useDeleteProject = writes.useDelete;

/** Deletes several projects (a list's selection); answers which went and which were refused. */
export const useDeleteProjects = writes.useDeleteMany;
