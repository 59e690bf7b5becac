import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Bell,
  Cog,
  Cpu,
  Database,
  FolderKanban,
  KeyRound,
  MapPin,
  Siren,
  TriangleAlert,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import {
  organisationDeviceTotalQuery,
  organisationQuery,
} from '../../../api/organisations/queries.ts';
import { userListQuery } from '../../../api/users/queries.ts';
import { calibrationDueQuery } from '../../../api/devices/queries.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { WarningNotice } from '../../../ui/warning-notice.tsx';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
`;

const Tile = styled(Link)`
  display: grid;
  gap: 8px;
  align-content: start;
  min-height: 132px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  strong {
    font-size: 1.05rem;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

const Count = styled.b`
  font-size: 1.75rem;
  line-height: 1;
`;

const Badge = styled.em`
  justify-self: start;
  font-style: normal;
  font-size: 0.75rem;
  font-weight: 700;
  padding: 2px 8px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.hover};
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface TileProps {
  to: string;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  count?: number | undefined;
  loading?: boolean;
  badge?: ReactNode;
}

function HomeTile({ to, icon, title, text, count, loading, badge }: TileProps) {
  const { t } = useLingui();
  return (
    <li>
      <Tile to={to}>
        {icon}
        <strong>{title}</strong>
        {count !== undefined ? (
          <Count aria-label={t`Count`}>{count}</Count>
        ) : loading ? (
          <Count aria-busy="true">…</Count>
        ) : null}
        {badge ? <Badge>{badge}</Badge> : null}
        <span>{text}</span>
      </Tile>
    </li>
  );
}

/** The dashboard home cards of spec §2, with counts where the API has them. */
export function HomeCards({ user }: { user: SignedInUser }) {
  const devices = useQuery(organisationDeviceTotalQuery(user.org.uuid));
  const organisation = useQuery(organisationQuery(user.org.uuid));
  const users = useQuery({
    ...userListQuery(),
    select: (list) => list.length,
    enabled: hasPrivilege(user, 'user.list'),
  });
  const { settings } = useSettings();
  const due = useQuery(calibrationDueQuery(settings.calNotifications));
  const dueCount = due.data ?? 0;
  return (
    <>
      {dueCount > 0 ? (
        <CalibrationNotice count={dueCount} months={settings.calNotifications} />
      ) : null}
      <Grid>
        <HomeTile
          to="/sensors"
          icon={<Cpu aria-hidden />}
          title={<Trans>Devices</Trans>}
          text={<Trans>Devices in your organisations</Trans>}
          count={devices.data?.total}
          loading={devices.isPending}
        />
        <HomeTile
          to="/collections"
          icon={<Database aria-hidden />}
          title={<Trans>Data collections</Trans>}
          text={<Trans>Collections of your organisation</Trans>}
          count={organisation.data?.counts.collections}
          loading={organisation.isPending}
        />
        <HomeTile
          to="/projects"
          icon={<FolderKanban aria-hidden />}
          title={<Trans>Projects</Trans>}
          text={<Trans>Projects of your organisation</Trans>}
          count={organisation.data?.counts.projects}
          loading={organisation.isPending}
        />
        <HomeTile
          to="/users"
          icon={<Users aria-hidden />}
          title={<Trans>Users</Trans>}
          text={<Trans>People who can sign in</Trans>}
          count={users.data}
          loading={users.isPending && users.fetchStatus !== 'idle'}
        />
        <HomeTile
          to="/messages"
          icon={<Siren aria-hidden />}
          title={<Trans>Alerts</Trans>}
          text={<Trans>Messages from your devices</Trans>}
        />
        <HomeTile
          to="/settings"
          icon={<Bell aria-hidden />}
          title={<Trans>Notifications</Trans>}
          text={<Trans>Choose which notices you get</Trans>}
        />
        <HomeTile
          to="/onsite-setup"
          icon={<MapPin aria-hidden />}
          title={<Trans>On-site setup</Trans>}
          text={<Trans>Set up a device where it is installed</Trans>}
          badge={dueCount > 0 ? <Trans>{dueCount} due for calibration</Trans> : undefined}
        />
        <HomeTile
          to="/api"
          icon={<KeyRound aria-hidden />}
          title={<Trans>API</Trans>}
          text={<Trans>Tokens for scripts and integrations</Trans>}
          badge={<Trans>Coming soon</Trans>}
        />
        <HomeTile
          to="/settings"
          icon={<Cog aria-hidden />}
          title={<Trans>Settings</Trans>}
          text={<Trans>Language, theme, lists and charts</Trans>}
        />
      </Grid>
    </>
  );
}

/**
 * The calibration reminder (spec §9: every 3, 6, 9 or 12 months, the user's
 * setting where a device names no interval of its own), with the devices it
 * is about one click away.
 */
function CalibrationNotice({ count, months }: { count: number; months: number }) {
  return (
    <WarningNotice role="status">
      <TriangleAlert size={18} aria-hidden />
      <span>
        <Plural
          value={count}
          one="# device is due for calibration."
          other="# devices are due for calibration."
        />{' '}
        <Link to="/sensors" search={{ filters: { calibrationDue: String(months) } }}>
          <Trans>Show them</Trans>
        </Link>
      </span>
    </WarningNotice>
  );
}
