import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCreateFunction } from '../../../api/functions/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound } from '../../../ui/detail.tsx';
import { messageOf } from './error-message.ts';
import { emptyForm } from './form-model.ts';
import { FunctionForm } from './function-form.tsx';

/** A new cloud function, starting from the template every function type shares. */
export function NewFunction({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const [initial] = useState(emptyForm);
  const create = useCreateFunction();

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
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (saved) => {
              notify(t`Created`, 'success');
              void navigate({ to: '/function/$id', params: { id: String(saved.id) } });
            },
            onError: (error) => notify(messageOf(error, t`Creation failed`), 'error'),
          })
        }
        onCancel={() => void navigate({ to: '/functions', search: {} })}
      />
    </>
  );
}
