import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import { useDeleteDeviceType } from '../../../api/device-types/mutations.ts';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { EditLink, EntityHeader } from '../../../ui/entity-header.tsx';
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
      <EntityHeader
        entity={deviceType}
        favourite="devicetype"
        subtitle={deviceType.description}
        edit={
          hasPrivilege(user, 'deviceType.modify') ? (
            <EditLink link={{ to: '/devicetype/$id/edit', params: { id } }} />
          ) : null
        }
        onDelete={
          hasPrivilege(user, 'deviceType.delete')
            ? () => remove.mutateAsync(deviceType.id)
            : undefined
        }
        onDeleted={() => navigate({ href: '/devicetypes' })}
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
