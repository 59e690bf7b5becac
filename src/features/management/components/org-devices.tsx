import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Organisation } from '../../../../contracts/organisation.ts';
import { organisationDeviceTotalQuery } from '../../../api/organisations/queries.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';

/**
 * How many devices the organisation has, and with its sub-organisations; the
 * devices tab lists them below (a device list filtered by the organisation).
 */
export function OrgDeviceCounts({ org }: { org: Organisation }) {
  const { t } = useLingui();
  const total = useQuery(organisationDeviceTotalQuery(org.uuid));
  return (
    <Section>
      <h2>{t`Devices`}</h2>
      <FieldList
        fields={[
          { label: t`In this organisation`, value: org.counts.devices },
          {
            label: t`Total, with sub-organisations`,
            value: total.data ? total.data.total : total.isError ? '–' : t`Loading…`,
          },
        ]}
      />
    </Section>
  );
}
