import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** /management opens its first tab, the users (the organisations are the other tab, /orgs). */
export const Route = createFileRoute('/_app/management')({
  staticData: { title: msg`Management` },
  beforeLoad: () => {
    throw redirect({ to: '/users', replace: true });
  },
});
