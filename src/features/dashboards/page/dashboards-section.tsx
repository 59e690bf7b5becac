import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { PageTitle } from '../../../ui/card.tsx';

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
