import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCreateOrganisation } from '../../../api/organisations/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound } from '../../../ui/detail.tsx';
import { errorText } from './labels.ts';
import { OrgForm } from './org-form.tsx';

/** A new organisation, under `parent` or else under one's own. */
export function OrgCreate({ me, parent }: { me: SignedInUser; parent: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateOrganisation();

  if (!hasPrivilege(me, 'org.create'))
    return <NotFound>{t`Your group may not create organisations.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`New organisation`}</PageTitle>
      <OrgForm
        defaultParent={parent ?? me.org.uuid}
        parentLocked={false}
        saving={create.isPending}
        onSubmit={(body) =>
          // A new organisation always has its parent chosen (the form asks for it).
          create.mutate(
            { ...body, parentUuid: body.parentUuid ?? parent ?? me.org.uuid },
            {
              onSuccess: (created) => {
                notify(t`Created`, 'success');
                void navigate({ to: '/management/org/$id', params: { id: created.uuid } });
              },
              onError: (error) => notify(errorText(i18n, error, msg`Creation failed`), 'error'),
            },
          )
        }
        onCancel={() => void navigate({ to: '/orgs' })}
      />
    </>
  );
}
