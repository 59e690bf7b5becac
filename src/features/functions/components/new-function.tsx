import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useCreateFunction } from '../../../api/functions/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import { EntityFormPage, useSaveOutcome } from '../../../ui/entity-page.tsx';
import { messageOf } from './error-message.ts';
import { emptyForm } from './form-model.ts';
import { FunctionForm } from './function-form.tsx';

/** A new cloud function, starting from the template every function type shares. */
export function NewFunction({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [initial] = useState(emptyForm);
  const create = useCreateFunction();
  const failure = t`Creation failed`;
  const outcome = useSaveOutcome({
    success: t`Created`,
    failure,
    open: (saved: CloudFunction) =>
      void navigate({ to: '/function/$id', params: { id: String(saved.id) } }),
    describe: (error) => messageOf(error, failure),
  });

  return (
    <EntityFormPage
      allowed={hasPrivilege(user, 'cloudfunction.create')}
      refusal={t`You may not create cloud functions.`}
      title={t`New cloud function`}
    >
      <FunctionForm
        initial={initial}
        saving={create.isPending}
        serverError={create.isError ? messageOf(create.error, failure) : null}
        submitLabel={<Trans>Create</Trans>}
        onSubmit={(body) => create.mutate(body, outcome)}
        onCancel={() => void navigate({ to: '/functions', search: {} })}
      />
    </EntityFormPage>
  );
}
