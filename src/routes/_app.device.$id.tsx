import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Search results and older links name devices /device/{id}; the device's page is /sensor/{id}. */
export const Route = createFileRoute('/_app/device/$id')({
  staticData: {
    title: msg`Device`,
    back: '/sensors',
    trail: [{ title: msg`Devices`, to: '/sensors' }],
  },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/sensor/$id', params: { id: params.id }, replace: true });
  },
});
