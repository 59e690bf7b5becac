import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  formFromFunction,
  toInput,
  type FunctionFormValues,
} from '../features/functions/api/form-model.ts';
import {
  functionKeys,
  functionQuery,
  updateFunction,
  type CloudFunction,
} from '../features/functions/api/queries.ts';
import { FunctionForm } from '../features/functions/components/function-form.tsx';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { PageTitle } from '../ui/card.tsx';
import { NotFound, QueryView } from '../ui/detail.tsx';

export const Route = createFileRoute('/_app/function/$id_/edit')({
  staticData: {
    title: msg`Edit cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  component: EditFunctionPage,
});

function EditFunctionPage() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const id = Number(Route.useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFound />;
  if (!hasPrivilege(user, 'cloudfunction.modify')) {
    return <NotFound>{t`You may not change cloud functions.`}</NotFound>;
  }
  return <EditLoader id={id} />;
}

function EditLoader({ id }: { id: number }) {
  const query = useQuery(functionQuery(id));
  // The form starts from the function as loaded; a refetch does not reset what the user typed.
  return <QueryView query={query}>{(fn) => <Edit key={fn.id} fn={fn} />}</QueryView>;
}

function Edit({ fn }: { fn: CloudFunction }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (values: FunctionFormValues) => updateFunction(fn.id, toInput(values)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(functionKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: functionKeys.lists() });
      notify(t`Saved`, 'success');
      await navigate({ to: '/function/$id', params: { id: String(saved.id) } });
    },
    onError: (error) => notify(messageOf(error, t`Update failed`), 'error'),
  });
  const name = fn.name;
  return (
    <>
      <PageTitle>{t`Edit ${name}`}</PageTitle>
      <FunctionForm
        initial={formFromFunction(fn)}
        saving={update.isPending}
        serverError={update.isError ? messageOf(update.error, t`Update failed`) : null}
        submitLabel={<Trans>Save</Trans>}
        onSubmit={(values) => update.mutate(values)}
        onCancel={() => void navigate({ to: '/function/$id', params: { id: String(fn.id) } })}
      />
    </>
  );
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
