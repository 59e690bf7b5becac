import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Organisation } from '../../../../contracts/organisation.ts';
import {
  organisationListQuery,
  organisationMetadataQuery,
} from '../../../api/organisations/queries.ts';
import { userListQuery } from '../../../api/users/queries.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { countryName } from '../../../lib/countries.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { Empty, ErrorState, Loading } from '../../../ui/status.tsx';
import { useLocalList } from '../hooks/use-local-list.ts';
import { OrgList } from './org-list.tsx';
import { phoneLink } from '../../../ui/phone-link.tsx';
import { UserList } from './user-list.tsx';

/** Every field of the organisation (spec §3). */
export function OrgDetails({ org }: { org: Organisation }) {
  const { t, i18n } = useLingui();
  return (
    <Section>
      <h2>{t`Details`}</h2>
      <FieldList
        fields={[
          { label: t`Name`, value: org.name },
          { label: t`Nickname`, value: org.nickname },
          {
            label: t`Parent organisation`,
            value: org.parent ? (
              <Link to="/management/org/$id" params={{ id: org.parent.uuid }}>
                {org.parent.name}
              </Link>
            ) : null,
          },
          { label: t`Address`, value: org.address },
          { label: t`Zip code`, value: org.zip },
          { label: t`City`, value: org.city },
          { label: t`Region`, value: org.region },
          {
            label: t`Country`,
            value: org.country ? countryName(org.country, localeOf(i18n.locale)) : null,
          },
          { label: t`Phone`, value: phoneLink(org.phone) },
          {
            label: t`Website`,
            value: org.website ? (
              <a href={org.website} target="_blank" rel="noreferrer noopener">
                {org.website}
              </a>
            ) : null,
          },
          { label: t`Tax registration number`, value: org.taxNumber },
          { label: t`EAN number`, value: org.eanNumber },
          { label: t`Devices`, value: org.counts.devices },
          { label: t`Projects`, value: org.counts.projects },
          { label: t`Data collections`, value: org.counts.collections },
          { label: t`Created`, value: formatDateTime(org.created) },
          { label: t`Modified`, value: formatDateTime(org.modified) },
        ]}
      />
    </Section>
  );
}

export function OrgSubOrgs({ me, org }: { me: SignedInUser; org: Organisation }) {
  const list = useLocalList();
  const children = useQuery(organisationListQuery({ filters: { parentUuid: org.uuid } }));
  return <OrgList me={me} rows={children} {...list} />;
}

export function OrgUsers({ me, org }: { me: SignedInUser; org: Organisation }) {
  const list = useLocalList();
  const users = useQuery(userListQuery({ filters: { orgUuid: org.uuid } }));
  return <UserList me={me} rows={users} newUserOrg={org.uuid} {...list} />;
}

export function OrgMetadata({ org }: { org: Organisation }) {
  const { t } = useLingui();
  const query = useQuery(organisationMetadataQuery(org.uuid));
  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const entries = Object.entries(query.data.metadata);
    body =
      entries.length === 0 ? (
        <Empty>
          <Trans>This organisation has no metadata.</Trans>
        </Empty>
      ) : (
        <FieldList
          fields={entries.map(([key, value]) => ({
            label: key,
            value: typeof value === 'string' ? value : JSON.stringify(value),
          }))}
        />
      );
  }
  return (
    <Section>
      <h2>{t`Metadata`}</h2>
      {body}
    </Section>
  );
}
