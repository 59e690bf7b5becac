import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCreateDevice } from '../../../api/devices/mutations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound } from '../../../ui/detail.tsx';
import { DeviceForm } from './device-form.tsx';

/** The new device page: the device form, then the new device's page. */
export function NewDevice({
  canCreate,
  defaultOrgUuid,
}: {
  canCreate: boolean;
  defaultOrgUuid: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateDevice();
  if (!canCreate) return <NotFound>{t`Your group may not create devices.`}</NotFound>;
  return (
    <>
      <PageTitle>{t`New device`}</PageTitle>
      <DeviceForm
        defaultOrgUuid={defaultOrgUuid}
        submitLabel={<Trans>Create</Trans>}
        busy={create.isPending}
        serverError={create.error instanceof ApiError ? create.error.message : null}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (device) => {
              notify(t`Created`, 'success');
              void navigate({ to: '/sensor/$id', params: { id: String(device.id) } });
            },
            onError: () => notify(t`Creation failed`, 'error'),
          })
        }
        onCancel={() => void navigate({ to: '/sensors' })}
      />
    </>
  );
}
