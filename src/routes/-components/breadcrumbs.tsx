import { useLingui } from '@lingui/react/macro';
import { Link, useMatches } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import styled from 'styled-components';

const Trail = styled.nav`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  ol {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    list-style: none;
    margin: 0 0 12px;
    padding: 0;
  }
  li {
    display: flex;
    align-items: center;
    gap: 4px;
  }
  a {
    color: inherit;
  }
`;

/** Home, then each matched route that has a title: list, detail, create or edit. */
export function Breadcrumbs() {
  const { t, i18n } = useLingui();
  const matches = useMatches();
  const crumbs = matches.filter((match) => match.staticData.title);
  return (
    <Trail aria-label={t`Breadcrumbs`}>
      <ol>
        <li>
          <Link to="/dashboard">{t`Home`}</Link>
        </li>
        {crumbs.map((match, index) => {
          const title = match.staticData.title;
          if (!title) return null;
          const last = index === crumbs.length - 1;
          return [
            ...(match.staticData.trail ?? []).map((step) => (
              <li key={`${match.id}-${step.to}`}>
                <ChevronRight size={14} aria-hidden />
                <Link to={step.to}>{i18n._(step.title)}</Link>
              </li>
            )),
            <li key={match.id}>
              <ChevronRight size={14} aria-hidden />
              {last ? (
                <span aria-current="page">{i18n._(title)}</span>
              ) : (
                <Link to={match.pathname}>{i18n._(title)}</Link>
              )}
            </li>,
          ];
        })}
      </ol>
    </Trail>
  );
}
