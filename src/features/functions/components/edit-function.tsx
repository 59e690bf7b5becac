import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useUpdateFunction } from '../../../api/functions/mutations.ts';
import { functionQuery } from '../../../api/functions/queries.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { QueryView } from '../../../ui/detail.tsx';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { messageOf } from './error-message.ts';
import { formFromFunction } from './form-model.ts';
import { FunctionForm } from './function-form.tsx';

/** A cloud function's edit form, for a user whose group may change functions. */
export function EditFunction({ id, user }: { id: number; user: SignedInUser }) {
  const { t } = useLingui();
  const query = useQuery(functionQuery(id));
  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'cloudfunction.modify')}
      refusal={t`You may not change cloud functions.`}
      missing={id === 0}
    >
      {/* The form starts from the function as loaded; a refetch does not reset what the user typed. */}
      <QueryView query={query}>{(fn) => <Edit key={fn.id} fn={fn} />}</QueryView>
    </EntityFormPage>
  );
}

function Edit({ fn }: { fn: CloudFunction }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const update = useUpdateFunction();
  const open = (target: Pick<CloudFunction, 'id'>) =>
    void navigate({ to: '/function/$id', params: { id: String(target.id) } });
  const failure = t`Update failed`;
  const outcome = useSaveOutcome({
    success: t`Saved`,
    failure,
    open,
    describe: (error) => messageOf(error, failure),
  });
  const name = fn.name;
  return (
    <>
      <PageTitle>{t`Edit ${name}`}</PageTitle>
      <FunctionForm
        initial={formFromFunction(fn)}
        saving={update.isPending}
        serverError={update.isError ? messageOf(update.error, failure) : null}
        submitLabel={<Trans>Save</Trans>}
        onSubmit={(body) => update.mutate({ ...body, id: fn.id }, outcome)}
        onCancel={() => open(fn)}
      />
    </>
  );
}
