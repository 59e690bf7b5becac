import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { User } from '../../../../contracts/user.ts';
import { useUpdateUser } from '../../../api/users/mutations.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { SwitchRow } from '../../../ui/form/rows.tsx';
import { errorText, groupLabels } from './labels.ts';
import { userRights } from './user-header.tsx';

const RESOURCES = [
  'user',
  'org',
  'deviceType',
  'registry',
  'device',
  'cloudfunction',
  'project',
  'collection',
] as const;
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
  /* On a phone the whole matrix fits: tighter cells, and a long resource name wraps. */
  @media (max-width: ${({ theme }) => theme.breakpoints.xs - 1}px) {
    font-size: 0.875rem;
    th,
    td {
      padding: 8px 5px;
    }
    th[scope='row'] {
      white-space: normal;
      overflow-wrap: anywhere;
      hyphens: auto;
    }
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
export function UserAccess({ me, user }: { me: SignedInUser; user: User }) {
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
    project: t`Projects`,
    collection: t`Data collections`,
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
        {/* A narrow screen scrolls the matrix sideways: a keyboard can too, once it has focus. */}
        <Matrix role="region" aria-label={t`Privileges`} tabIndex={0}>
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
