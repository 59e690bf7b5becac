import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { NotFound, QueryView } from '../../../ui/detail.tsx';
import { DeviceForm } from './device-form.tsx';

/** The edit page of a device: the device form, then back to the device's page. */
export function EditDevice({
  id,
  canModify,
  canPlace,
  defaultOrgUuid,
}: {
  id: number;
  canModify: boolean;
  /** Whether the user may move it (docs/access.md): else its place is read-only. */
  canPlace: boolean;
  defaultOrgUuid: string;
}) {
  const { t } = useLingui();
  if (!canModify) return <NotFound>{t`Your group may not change devices.`}</NotFound>;
  return <Editor id={id} defaultOrgUuid={defaultOrgUuid} canPlace={canPlace} />;
}

function Editor({
  id,
  defaultOrgUuid,
  canPlace,
}: {
  id: number;
  defaultOrgUuid: string;
  canPlace: boolean;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useNotify();
  const query = useQuery(deviceQuery(id));
  const save = useUpdateDevice(id);
  const back = () => void navigate({ to: '/sensor/$id', params: { id: String(id) } });
  return (
    <QueryView query={query}>
      {(device) => (
        <>
          <PageTitle>{t`Edit ${device.name}`}</PageTitle>
          <DeviceForm
            key={device.id}
            device={device}
            defaultOrgUuid={defaultOrgUuid}
            canPlace={canPlace}
            submitLabel={<Trans>Save</Trans>}
            busy={save.isPending}
            serverError={save.error instanceof ApiError ? save.error.message : null}
            onSubmit={(input) =>
              save.mutate(input, {
                onSuccess: () => {
                  notify(t`Updated`, 'success');
                  back();
                },
                onError: () => notify(t`Update failed`, 'error'),
              })
            }
            onCancel={back}
          />
        </>
      )}
    </QueryView>
  );
}
