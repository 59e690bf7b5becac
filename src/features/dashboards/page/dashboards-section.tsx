import { Trans } from '@lingui/react/macro';
import { LayoutDashboard } from 'lucide-react';
import styled from 'styled-components';
import type { DashboardList } from '../../../../contracts/dashboard.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { PageTitle } from '../../../ui/card.tsx';
import { Loading } from '../../../ui/status.tsx';
import type { DashboardSearch } from '../components/dashboard-search.ts';
import { ViewToolbar } from './dashboard-toolbar.tsx';
import { periodOfSearch } from './search-period.ts';

// The dashboards' section of the dashboard home: the page's (dashboards-page.tsx) and its
// first screen's in the HTML (src/first-screen/dashboard-home.tsx), which must look the same.

export const Section = styled.section`
  margin-top: 24px;
`;

export const Heading = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  font-size: 1.25rem;
`;

export const Description = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The dashboard home's title: the user greeted by first name (or e-mail address). */
export function WelcomeTitle({ user }: { user: Pick<SignedInUser, 'firstName' | 'email'> }) {
  return (
    <PageTitle>
      <Trans>Welcome, {user.firstName || user.email}</Trans>
    </PageTitle>
  );
}

const ignore = () => undefined;

/**
 * The dashboards' section while its dashboard loads, from a list already
 * read: the dashboard chosen, its toolbar and description, and its graphs
 * loading; inert until the page can act. The dashboard home's first screen
 * in the HTML shows it (src/first-screen/dashboard-home.tsx), and so does the
 * page while it takes that list over, so the one gives way to the other
 * unseen.
 */
export function DashboardsIntro({
  dashboards,
  search,
  liveData,
}: {
  dashboards: DashboardList;
  search: DashboardSearch;
  liveData: boolean;
}) {
  const current = dashboards.find((d) => d.id === search.board) ?? dashboards[0];
  return (
    <Section aria-labelledby="dashboards-heading" inert>
      <Heading id="dashboards-heading">
        <LayoutDashboard size={20} aria-hidden />
        <Trans>Dashboards</Trans>
      </Heading>
      <ViewToolbar
        dashboards={dashboards}
        current={current}
        period={periodOfSearch(search)}
        liveData={liveData}
        busy={false}
        onSelect={ignore}
        onPeriod={ignore}
        onCreate={ignore}
        onImport={ignore}
        onImportProblem={ignore}
        onEdit={ignore}
        onExportFile={ignore}
        onExportData={ignore}
        onDelete={ignore}
        onKiosk={ignore}
      />
      {current?.description ? <Description>{current.description}</Description> : null}
      <Loading label={<Trans>Loading dashboards…</Trans>} />
    </Section>
  );
}
