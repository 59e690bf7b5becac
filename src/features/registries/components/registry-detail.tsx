import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Registry } from '../../../../contracts/registry.ts';
import { useDeleteRegistry } from '../../../api/registries/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DeleteEntityButton } from '../../../ui/delete-entity-button.tsx';
import { DetailHeader, FieldList, Section } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
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
                onDelete={() => remove.mutateAsync(registry.id)}
                onDeleted={() => navigate({ href: '/registries' })}
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
