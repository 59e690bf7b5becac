import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { can, scopeList } from '../../access/access.ts';
import { requireActor } from '../../plugins/auth.ts';
import { searchRepository, type SuggestionGroup } from '../../repositories/search-repository.ts';
import { errors } from '../../../contracts/common.ts';
import {
  SearchQuery,
  SearchResult,
  SUGGESTIONS_PER_GROUP,
  type Suggestion,
} from '../../../contracts/search.ts';

const search: FastifyPluginAsyncTypebox = async (fastify) => {
  const repo = searchRepository(fastify.db);

  fastify.get(
    '/v2/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions for the global search box, grouped, at most 5 per group',
        description:
          'A case-insensitive prefix of the name (devices also by unique name, users also by ' +
          'e-mail), among what you may see. The query is trimmed; an empty one suggests nothing.',
        security: [{ bearer: [] }],
        querystring: SearchQuery,
        response: { 200: SearchResult, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const q = (request.query.q ?? '').trim();
      if (q === '') return { projects: [], devices: [], collections: [], users: [], orgs: [] };
      const groups = new Set<SuggestionGroup>();
      if (can(actor, 'project', 'list')) groups.add('projects');
      if (can(actor, 'collection', 'list')) groups.add('collections');
      if (can(actor, 'device', 'list')) groups.add('devices');
      if (can(actor, 'user', 'list')) groups.add('users');
      if (can(actor, 'org', 'list')) groups.add('orgs');
      const found = await repo.suggest(q, scopeList(actor), groups, SUGGESTIONS_PER_GROUP);
      const link =
        <Id extends number | string>(route: (id: Id) => string) =>
        (row: { id: Id; name: string }): Suggestion => ({
          id: row.id,
          name: row.name,
          path: route(row.id),
        });
      return {
        projects: found.projects.map(link((id) => `/project/${id}`)),
        devices: found.devices.map(link((id) => `/device/${id}`)),
        collections: found.collections.map(link((id) => `/collection/${id}`)),
        users: found.users.map(link((uuid) => `/management/user/${uuid}`)),
        orgs: found.orgs.map(link((uuid) => `/management/org/${uuid}`)),
      };
    },
  );
};

export default search;
