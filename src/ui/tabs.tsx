import { Link } from '@tanstack/react-router';
import styled from 'styled-components';

const Bar = styled.nav`
  display: flex;
  gap: 4px;
  margin: 0 0 16px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  a {
    padding: 10px 14px;
    color: ${({ theme }) => theme.colors.textMuted};
    text-decoration: none;
    border-bottom: 2px solid transparent;
    white-space: nowrap;
    font-weight: 600;
  }
  a[data-status='active'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The top bar's tabs: each tab is a route, so the chosen tab is in the URL. */
export function TabBar({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  return (
    <Bar aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} activeOptions={{ exact: true, includeSearch: false }}>
          {tab.label}
        </Link>
      ))}
    </Bar>
  );
}
