import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import { useDeleteDeviceType } from '../../../api/device-types/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { DeleteEntityButton } from '../../../ui/delete-entity-button.tsx';
import { DetailHeader, FieldList, Section } from '../../../ui/detail.tsx';
import { FavouriteStar } from '../../../ui/favourite-star.tsx';
import { KeyStructureTable } from './key-structure-table.tsx';

const metadataText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** A device type's page: its details, key structure and metadata, with edit and delete. */
export function DeviceTypeDetail({
  deviceType,
  user,
}: {
  deviceType: DeviceType;
  user: SignedInUser;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteDeviceType();
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
                onDelete={() => remove.mutateAsync(deviceType.id)}
                onDeleted={() => navigate({ href: '/devicetypes' })}
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
