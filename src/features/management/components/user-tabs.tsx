import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { useFavourites, type Favourite } from '../../../lib/favourites.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { SwitchRow } from '../../../ui/form/rows.tsx';
import { Empty } from '../../../ui/status.tsx';
import type { User } from '../../../../contracts/user.ts';
import { useUpdateUser } from '../../../api/users/mutations.ts';
import { errorText, groupLabels, languageLabels } from './labels.ts';
import { userRights } from './user-header.tsx';

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 2px 10px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.hover};
    font-size: 0.875rem;
  }
`;

const external = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noreferrer noopener">
      {url}
    </a>
  ) : null;

/** Everything a person keeps on their profile. */
export function UserProfile({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const social = Object.entries(user.social);
  return (
    <>
      <Section>
        <h2>{t`Profile`}</h2>
        <FieldList
          fields={[
            { label: t`First name`, value: user.firstName },
            { label: t`Last name`, value: user.lastName },
            { label: t`E-mail`, value: <a href={`mailto:${user.email}`}>{user.email}</a> },
            { label: t`Username`, value: user.username },
            {
              label: t`Phone`,
              value: user.phone ? <a href={`tel:${user.phone}`}>{user.phone}</a> : null,
            },
            {
              label: t`Mobile`,
              value: user.mobile ? <a href={`tel:${user.mobile}`}>{user.mobile}</a> : null,
            },
            {
              label: t`Organisation`,
              value: (
                <Link to="/management/org/$id" params={{ id: user.org.uuid }}>
                  {user.org.name}
                </Link>
              ),
            },
            { label: t`Group`, value: i18n._(groupLabels[user.group.id]) },
            { label: t`Language`, value: i18n._(languageLabels[user.language]) },
            { label: t`Position`, value: user.position },
            { label: t`Location`, value: user.location },
            { label: t`Birthday`, value: user.birthday ? formatDate(user.birthday) : null },
            {
              label: t`Tags`,
              value:
                user.tags.length > 0 ? (
                  <Tags>
                    {user.tags.map((tag) => (
                      <li key={tag}>{tag}</li>
                    ))}
                  </Tags>
                ) : null,
            },
            { label: t`Newsletter`, value: user.newsletter ? t`Yes` : t`No` },
            { label: t`Image`, value: external(user.img) },
            { label: t`Recovery e-mail`, value: user.recoveryEmail },
          ]}
        />
      </Section>
      <Section>
        <h2>{t`Bio`}</h2>
        <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{user.bio || '–'}</p>
      </Section>
      <Section>
        <h2>{t`Social profiles`}</h2>
        {social.length > 0 ? (
          <FieldList fields={social.map(([key, url]) => ({ label: key, value: external(url) }))} />
        ) : (
          <p style={{ margin: 0 }}>–</p>
        )}
      </Section>
    </>
  );
}

const RESOURCES = ['user', 'org', 'deviceType', 'registry', 'device', 'cloudfunction'] as const;
const PRIVILEGES = ['create', 'list', 'modify', 'delete', 'changeparent'] as const;

const Matrix = styled.div`
  overflow-x: auto;
  table {
    border-collapse: collapse;
    min-width: 100%;
  }
  th,
  td {
    padding: 8px 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: center;
    white-space: nowrap;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  .yes {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 700;
  }
  .no {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Group, what it allows (from the privilege matrix), and the account's state. */
export function UserAccess({ me, user }: { me: CurrentUser; user: User }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const rights = userRights(me, user);
  const save = useUpdateUser();
  const update = {
    isPending: save.isPending,
    mutate: (changes: { active?: boolean; loginSuspended?: false }) =>
      save.mutate(
        { uuid: user.uuid, changes },
        {
          onSuccess: () => notify(t`Saved`, 'success'),
          onError: (error) => notify(errorText(i18n, error, msg`Update failed`), 'error'),
        },
      ),
  };
  const resourceLabels: Record<(typeof RESOURCES)[number], string> = {
    user: t`Users`,
    org: t`Organisations`,
    deviceType: t`Device types`,
    registry: t`Registries`,
    device: t`Devices`,
    cloudfunction: t`Cloud functions`,
  };
  const privilegeLabels: Record<(typeof PRIVILEGES)[number], string> = {
    create: t`Create`,
    list: t`See`,
    modify: t`Change`,
    delete: t`Delete`,
    changeparent: t`Move`,
  };
  const until = user.loginSuspendedUntil ? formatDateTime(user.loginSuspendedUntil) : '';
  const suspended: ReactNode = user.loginSuspended ? (
    <span style={{ display: 'inline-flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      {until ? <Trans>Suspended until {until}</Trans> : <Trans>Suspended</Trans>}
      {rights.manage ? (
        <Button
          $variant="secondary"
          disabled={update.isPending}
          onClick={() => update.mutate({ loginSuspended: false })}
        >
          {t`Lift suspension`}
        </Button>
      ) : null}
    </span>
  ) : (
    t`No`
  );

  return (
    <>
      <Section>
        <h2>{t`Access`}</h2>
        <FieldList
          fields={[
            { label: t`Group`, value: i18n._(groupLabels[user.group.id]) },
            { label: t`Confirmed`, value: user.confirmed ? t`Yes` : t`Not confirmed` },
            { label: t`Active`, value: user.active ? t`Yes` : t`No` },
            { label: t`Sign-in suspended`, value: suspended },
            {
              label: t`Last sign-in`,
              value: user.lastSignIn ? formatDateTime(user.lastSignIn) : null,
            },
            { label: t`Created`, value: formatDateTime(user.created) },
            { label: t`Modified`, value: formatDateTime(user.modified) },
          ]}
        />
        {rights.manage ? (
          <SwitchRow
            label={t`Active`}
            help={t`An inactive user cannot sign in, and their sessions end at once.`}
            checked={user.active}
            onChange={(active) => update.mutate({ active })}
          />
        ) : null}
      </Section>
      <Section>
        <h2>{t`Privileges`}</h2>
        <Matrix>
          <table>
            <caption className="visually-hidden">{t`Privileges`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Resource`}</th>
                {PRIVILEGES.map((p) => (
                  <th key={p} scope="col">
                    {privilegeLabels[p]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {RESOURCES.map((resource) => (
                <tr key={resource}>
                  <th scope="row">{resourceLabels[resource]}</th>
                  {PRIVILEGES.map((p) => {
                    const yes = user.privileges.includes(`${resource}.${p}`);
                    return (
                      <td key={p} className={yes ? 'yes' : 'no'}>
                        <span aria-hidden>{yes ? '✓' : '–'}</span>
                        <span className="visually-hidden">{yes ? t`Yes` : t`No`}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Matrix>
      </Section>
    </>
  );
}

function FavouriteLink({ favourite }: { favourite: Favourite }) {
  const id = String(favourite.id);
  const label = favourite.name ?? id;
  switch (favourite.type) {
    case 'user':
      return (
        <Link to="/management/user/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'org':
      return (
        <Link to="/management/org/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'registry':
      return (
        <Link to="/registry/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'devicetype':
      return (
        <Link to="/devicetype/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'cloudfunction':
      return (
        <Link to="/function/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'sensor':
      return (
        <Link to="/sensor/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'device':
      return (
        <Link to="/device/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'collection':
      return (
        <Link to="/collection/$id" params={{ id }}>
          {label}
        </Link>
      );
    case 'project':
      return (
        <Link to="/project/$id" params={{ id }}>
          {label}
        </Link>
      );
  }
}

/** One's own favourites; another user's stay private to them (the API does not show them). */
export function UserFavourites({ me, user }: { me: CurrentUser; user: User }) {
  const { t } = useLingui();
  const { favourites } = useFavourites();
  const name = user.firstName || user.email;
  if (me.uuid !== user.uuid)
    return (
      <Section>
        <Empty>
          <Trans>Favourites are private: only {name} can see them.</Trans>
        </Empty>
      </Section>
    );
  if (favourites.length === 0)
    return (
      <Section>
        <Empty>
          <Trans>No favourites yet. Mark something with the star to find it here.</Trans>
        </Empty>
      </Section>
    );
  return (
    <Section>
      <h2>{t`Favourites`}</h2>
      <FieldList
        fields={favourites.map((f) => ({
          label: <FavouriteLink favourite={f} />,
          value: [f.description, f.org].filter(Boolean).join(' · '),
        }))}
      />
    </Section>
  );
}
