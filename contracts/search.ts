import { Type, type Static } from 'typebox';

export const SUGGESTIONS_PER_GROUP = 5;

export const SearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Trimmed; a case-insensitive prefix of the name. Empty: no suggestions.',
    }),
  ),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** One suggestion: its id (numeric, or a uuid for users and organisations) and console route. */
export const Suggestion = Type.Object({
  id: Type.Union([Type.Integer(), Type.String()]),
  name: Type.String(),
  path: Type.String(),
});
export type Suggestion = Static<typeof Suggestion>;

const Group = Type.Array(Suggestion, { maxItems: SUGGESTIONS_PER_GROUP });
export const SearchResult = Type.Object({
  projects: Group,
  devices: Group,
  collections: Group,
  users: Group,
  orgs: Group,
});
export type SearchResult = Static<typeof SearchResult>;
