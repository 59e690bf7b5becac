import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  emptyForm,
  toInput,
  type FunctionFormValues,
} from '../features/functions/api/form-model.ts';
import { createFunction, functionKeys } from '../features/functions/api/queries.ts';
import { FunctionForm } from '../features/functions/components/function-form.tsx';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/functions_/new')({
  staticData: {
    title: msg`New cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  component: NewFunctionPage,
});

function NewFunctionPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [initial] = useState(emptyForm);
  const create = useMutation({
    mutationFn: (values: FunctionFormValues) => createFunction(toInput(values)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(functionKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: functionKeys.lists() });
      notify(t`Created`, 'success');
      await navigate({ to: '/function/$id', params: { id: String(saved.id) } });
    },
    onError: (error) => notify(messageOf(error, t`Creation failed`), 'error'),
  });

  if (!hasPrivilege(user, 'cloudfunction.create')) {
    return <NotFound>{t`You may not create cloud functions.`}</NotFound>;
  }
  return (
    <>
      <PageTitle>{t`New cloud function`}</PageTitle>
      <FunctionForm
        initial={initial}
        saving={create.isPending}
        serverError={create.isError ? messageOf(create.error, t`Creation failed`) : null}
        submitLabel={<Trans>Create</Trans>}
        onSubmit={(values) => create.mutate(values)}
        onCancel={() => void navigate({ to: '/functions', search: {} })}
      />
    </>
  );
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
