import { createFileRoute, redirect } from '@tanstack/react-router';

/** /index.* goes to the dashboard; any other unknown path to /404, remembering where it was. */
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    if (/^\/index\.[^/]*$/.test(location.pathname)) throw redirect({ to: '/dashboard' });
    throw redirect({ to: '/404', search: { from: location.href } });
  },
});
