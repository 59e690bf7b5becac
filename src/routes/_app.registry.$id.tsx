import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import {
  deleteRegistry,
  registryKeys,
  registryQuery,
  type Registry,
} from '../features/registries/api/queries.ts';
import { RegistryDevices } from '../features/registries/components/registry-devices.tsx';
import { hasPrivilege } from '../lib/current-user.ts';
import { formatDateTime } from '../lib/format.ts';
import { DetailHeader, FieldList, NotFound, QueryView, Section } from '../ui/detail.tsx';
import { FavouriteStar } from '../ui/favourite-star.tsx';
import { ButtonLink } from './-components/button-link.tsx';
import { DeleteEntityButton } from './-components/delete-entity-button.tsx';
import { entityId } from './-components/entity-id.ts';

export const Route = createFileRoute('/_app/registry/$id')({
  staticData: {
    title: msg`Registry`,
    back: '/registries',
    trail: [{ title: msg`Registries`, to: '/registries' }],
  },
  loader: ({ context, params }) =>
    void context.queryClient.prefetchQuery(registryQuery(entityId(params.id))),
  component: RegistryPage,
});

function RegistryPage() {
  const id = entityId(Route.useParams().id);
  const registry = useQuery(registryQuery(id));
  if (id === 0) return <NotFound />;
  return <QueryView query={registry}>{(data) => <RegistryDetail registry={data} />}</QueryView>;
}

function RegistryDetail({ registry }: { registry: Registry }) {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const protocolLabels = { http: 'HTTP', mqtt: 'MQTT', none: t`None` };
  const id = String(registry.id);
  const name = registry.name;

  return (
    <>
      <DetailHeader
        title={registry.name}
        star={
          <FavouriteStar
            entity={{
              type: 'registry',
              id: registry.id,
              name: registry.name,
              description: registry.description,
              org: registry.org.name,
            }}
          />
        }
        subtitle={registry.description}
        actions={
          <>
            {hasPrivilege(user, 'registry.modify') ? (
              <ButtonLink link={{ to: '/registry/$id/edit', params: { id } }}>
                <Pencil size={18} aria-hidden />
                <Trans>Edit</Trans>
              </ButtonLink>
            ) : null}
            {hasPrivilege(user, 'registry.delete') ? (
              <DeleteEntityButton
                name={registry.name}
                onDelete={() => deleteRegistry(registry.id)}
                onDeleted={async () => {
                  queryClient.removeQueries({ queryKey: registryKeys.detail(registry.id) });
                  await queryClient.invalidateQueries({ queryKey: registryKeys.lists() });
                  await navigate({ href: '/registries' });
                }}
              />
            ) : null}
          </>
        }
      />
      <Section aria-labelledby="registry-details">
        <h2 id="registry-details">
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Protocol`, value: protocolLabels[registry.protocol] },
            { label: t`Region`, value: registry.region === 'europe' ? t`Europe` : registry.region },
            { label: t`Organisation`, value: registry.org.name },
            { label: t`Devices`, value: registry.deviceCount },
            { label: t`Created`, value: formatDateTime(registry.created) },
            { label: t`Modified`, value: formatDateTime(registry.modified) },
            { label: 'ID', value: registry.id },
          ]}
        />
      </Section>
      <Section aria-labelledby="registry-devices">
        <h2 id="registry-devices">
          <Trans>Devices</Trans>
        </h2>
        <RegistryDevices registryId={registry.id} title={t`Devices of ${name}`} />
      </Section>
    </>
  );
}
