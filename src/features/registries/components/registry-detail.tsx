import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Registry } from '../../../../contracts/registry.ts';
import { useDeleteRegistry } from '../../../api/registries/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { EditLink, EntityHeader } from '../../../ui/entity-header.tsx';
import { protocolLabel } from './protocol-label.ts';

/** A registry's page: its details, edit and delete, and its devices (given by the page). */
export function RegistryDetail({
  registry,
  user,
  devices,
}: {
  registry: Registry;
  user: SignedInUser;
  devices: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteRegistry();
  const id = String(registry.id);

  return (
    <>
      <EntityHeader
        entity={registry}
        favourite="registry"
        subtitle={registry.description}
        edit={
          hasPrivilege(user, 'registry.modify') ? (
            <EditLink link={{ to: '/registry/$id/edit', params: { id } }} />
          ) : null
        }
        onDelete={
          hasPrivilege(user, 'registry.delete') ? () => remove.mutateAsync(registry.id) : undefined
        }
        onDeleted={() => navigate({ href: '/registries' })}
      />
      <Section aria-labelledby="registry-details">
        <h2 id="registry-details">
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Protocol`, value: protocolLabel(registry.protocol, i18n) },
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
        {devices}
      </Section>
    </>
  );
}
