import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import { useUpdateFunction } from '../../../api/functions/mutations.ts';
import { functionQuery } from '../../../api/functions/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { messageOf } from './error-message.ts';
import { formFromFunction } from './form-model.ts';
import { FunctionForm } from './function-form.tsx';

/** A cloud function's edit form, for a user whose group may change functions. */
export function EditFunction({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const query = useQuery(functionQuery(id));
  if (id === 0) return <NotFound />;
  if (!hasPrivilege(user, 'cloudfunction.modify')) {
    return <NotFound>{t`You may not change cloud functions.`}</NotFound>;
  }
  // The form starts from the function as loaded; a refetch does not reset what the user typed.
  return <QueryView query={query}>{(fn) => <Edit key={fn.id} fn={fn} />}</QueryView>;
}

function Edit({ fn }: { fn: CloudFunction }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const update = useUpdateFunction();
  const name = fn.name;
  return (
    <>
      <PageTitle>{t`Edit ${name}`}</PageTitle>
      <FunctionForm
        initial={formFromFunction(fn)}
        saving={update.isPending}
        serverError={update.isError ? messageOf(update.error, t`Update failed`) : null}
        submitLabel={<Trans>Save</Trans>}
        onSubmit={(body) =>
          update.mutate(
            { ...body, id: fn.id },
            {
              onSuccess: (saved) => {
                notify(t`Saved`, 'success');
                void navigate({ to: '/function/$id', params: { id: String(saved.id) } });
              },
              onError: (error) => notify(messageOf(error, t`Update failed`), 'error'),
            },
          )
        }
        onCancel={() => void navigate({ to: '/function/$id', params: { id: String(fn.id) } })}
      />
    </>
  );
}
