import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  deleteFunction,
  functionKeys,
  functionQuery,
  type CloudFunction,
} from '../features/functions/api/queries.ts';
import { FunctionDetail } from '../features/functions/components/function-detail.tsx';
import { functionTypeLabels } from '../features/functions/components/labels.ts';
import { ApiError } from '../lib/api-client.ts';
import { hasPrivilege } from '../lib/current-user.ts';
import { useNotify } from '../lib/notifications.ts';
import { Button } from '../ui/button.tsx';
import { DetailHeader, NotFound, QueryView } from '../ui/detail.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { DeleteDialog } from '../ui/list/delete-dialog.tsx';

export const Route = createFileRoute('/_app/function/$id')({
  staticData: {
    title: msg`Cloud function`,
    back: '/functions',
    trail: [{ title: msg`Cloud functions`, to: '/functions' }],
  },
  component: FunctionPage,
});

function FunctionPage() {
  const id = Number(Route.useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFound />;
  return <FunctionView id={id} />;
}

function FunctionView({ id }: { id: number }) {
  const query = useQuery(functionQuery(id));
  return <QueryView query={query}>{(fn) => <Loaded fn={fn} />}</QueryView>;
}

function Loaded({ fn }: { fn: CloudFunction }) {
  const { t, i18n } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteFunction(fn.id),
    onSuccess: async () => {
      setConfirming(false);
      notify(t`Deleted`, 'success');
      queryClient.removeQueries({ queryKey: functionKeys.detail(fn.id) });
      await queryClient.invalidateQueries({ queryKey: functionKeys.lists() });
      await navigate({ to: '/functions', search: {} });
    },
    onError: (error) => {
      setConfirming(false);
      notify(error instanceof ApiError ? error.message : t`Deletion failed`, 'error');
    },
  });
  const canModify = hasPrivilege(user, 'cloudfunction.modify');
  const canDelete = hasPrivilege(user, 'cloudfunction.delete');
  const canRun = canModify || hasPrivilege(user, 'cloudfunction.create');

  return (
    <>
      <DetailHeader
        title={fn.name}
        star={
          <FavouriteStar
            entity={{
              type: 'cloudfunction',
              id: fn.id,
              name: fn.name,
              description: fn.description,
              org: fn.org.name,
            }}
          />
        }
        subtitle={`${i18n._(functionTypeLabels[fn.type])} · ${fn.org.name}`}
        actions={
          <>
            {canModify ? (
              <Button
                $variant="secondary"
                onClick={() =>
                  void navigate({ to: '/function/$id/edit', params: { id: String(fn.id) } })
                }
              >
                <Pencil size={16} aria-hidden />
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {canDelete ? (
              <Button $variant="danger" onClick={() => setConfirming(true)}>
                <Trash2 size={16} aria-hidden />
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <FunctionDetail fn={fn} canRun={canRun} />
      <DeleteDialog
        open={confirming}
        items={[fn.name]}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
