import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NewFunction } from '../features/functions/components/new-function.tsx';

export const Route = createFileRoute('/_app/functions_/new')({
  staticData: {
    title: msg`New cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  component: NewFunctionPage,
});

function NewFunctionPage() {
  const { user } = Route.useRouteContext();
  return <NewFunction user={user} />;
}
