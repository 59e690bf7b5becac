import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { organisationChoicesQuery } from '../api/organisations/queries.ts';
import { OrgCreate } from '../features/management/components/org-create.tsx';
import { ensureQueries } from '../lib/query-client.ts';

export const Route = createFileRoute('/_app/management_/org/new')({
  staticData: {
    title: msg`New organisation`,
    back: '/orgs',
    trail: [{ title: msg`Organisations`, to: '/orgs' }],
  },
  validateSearch: (search): { parent?: string } =>
    typeof search.parent === 'string' ? { parent: search.parent } : {},
  loader: ({ context }) => ensureQueries(context.queryClient, organisationChoicesQuery()),
  component: NewOrgPage,
});

function NewOrgPage() {
  const { user: me } = Route.useRouteContext();
  const { parent } = Route.useSearch();
  return <OrgCreate me={me} parent={parent} />;
}
