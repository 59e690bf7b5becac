import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import {
  deleteDeviceType,
  deviceTypeKeys,
  deviceTypeQuery,
  type DeviceType,
} from '../features/device-types/api/queries.ts';
import { KeyStructureTable } from '../features/device-types/components/key-structure-table.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDateTime } from '../lib/format.ts';
import { DetailHeader, FieldList, NotFound, QueryView, Section } from '../ui/detail.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { DeleteEntityButton } from '../ui/delete-entity-button.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/devicetype/$id')({
  staticData: {
    title: msg`Device type`,
    back: '/devicetypes',
    trail: [{ title: msg`Device types`, to: '/devicetypes' }],
  },
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(deviceTypeQuery(entityId(params.id))),
  component: DeviceTypePage,
});

function DeviceTypePage() {
  const id = entityId(Route.useParams().id);
  const deviceType = useQuery(deviceTypeQuery(id));
  if (id === 0) return <NotFound />;
  return (
    <QueryView query={deviceType}>{(data) => <DeviceTypeDetail deviceType={data} />}</QueryView>
  );
}

const metadataText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function DeviceTypeDetail({ deviceType }: { deviceType: DeviceType }) {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = String(deviceType.id);
  const decoder = deviceType.decoderFunction;
  const metadata = Object.entries(deviceType.metadata);

  return (
    <>
      <DetailHeader
        title={deviceType.name}
        star={
          <FavouriteStar
            entity={{
              type: 'devicetype',
              id: deviceType.id,
              name: deviceType.name,
              description: deviceType.description,
              org: deviceType.org.name,
            }}
          />
        }
        subtitle={deviceType.description}
        actions={
          <>
            {hasPrivilege(user, 'deviceType.modify') ? (
              <ButtonLink link={{ to: '/devicetype/$id/edit', params: { id } }}>
                <Pencil size={18} aria-hidden />
                <Trans>Edit</Trans>
              </ButtonLink>
            ) : null}
            {hasPrivilege(user, 'deviceType.delete') ? (
              <DeleteEntityButton
                name={deviceType.name}
                onDelete={() => deleteDeviceType(deviceType.id)}
                onDeleted={async () => {
                  queryClient.removeQueries({ queryKey: deviceTypeKeys.detail(deviceType.id) });
                  await queryClient.invalidateQueries({ queryKey: deviceTypeKeys.lists() });
                  await navigate({ href: '/devicetypes' });
                }}
              />
            ) : null}
          </>
        }
      />
      <Section aria-labelledby="devicetype-details">
        <h2 id="devicetype-details">
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Organisation`, value: deviceType.org.name },
            {
              label: t`Decoder function`,
              value: decoder ? (
                <Link to="/function/$id" params={{ id: String(decoder.id) }}>
                  {decoder.name}
                </Link>
              ) : (
                t`No decoder`
              ),
            },
            { label: t`Devices`, value: deviceType.deviceCount },
            { label: t`Created`, value: formatDateTime(deviceType.created) },
            { label: t`Modified`, value: formatDateTime(deviceType.modified) },
            { label: 'ID', value: deviceType.id },
          ]}
        />
      </Section>
      <Section aria-labelledby="devicetype-keys">
        <h2 id="devicetype-keys">
          <Trans>Key structure</Trans>
        </h2>
        <KeyStructureTable structure={deviceType.structure} />
      </Section>
      <Section aria-labelledby="devicetype-metadata">
        <h2 id="devicetype-metadata">
          <Trans>Metadata</Trans>
        </h2>
        {metadata.length === 0 ? (
          <p>
            <Trans>No metadata.</Trans>
          </p>
        ) : (
          <FieldList
            fields={metadata.map(([key, value]) => ({ label: key, value: metadataText(value) }))}
          />
        )}
      </Section>
    </>
  );
}
