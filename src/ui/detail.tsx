import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError } from '../lib/api-client.ts';
import { Card } from './card.tsx';
import { ErrorState, Loading } from './status.tsx';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 0 0 16px;
  h1 {
    margin: 0;
    font-size: 1.5rem;
    overflow-wrap: anywhere;
  }
  p {
    flex-basis: 100%;
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-left: auto;
  }
`;

/** An entity page's heading: its name, the favourite star, a line below and the page's actions. */
export function DetailHeader({
  title,
  star,
  subtitle,
  actions,
}: {
  title: ReactNode;
  star?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Header>
      <h1>{title}</h1>
      {star}
      {actions ? <div className="actions">{actions}</div> : null}
      {subtitle ? <p>{subtitle}</p> : null}
    </Header>
  );
}

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: 10px 20px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: 10px;
    }
  }
`;

/** Label and value pairs of a detail page; an empty value shows a dash. */
export function FieldList({ fields }: { fields: { label: ReactNode; value: ReactNode }[] }) {
  return (
    <List>
      {fields.map((field, index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>
            {field.value === null || field.value === undefined || field.value === ''
              ? '–'
              : field.value}
          </dd>
        </div>
      ))}
    </List>
  );
}

export const Section = styled(Card)`
  margin-bottom: 16px;
  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`;

const NotFoundBox = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 48px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function NotFound({ children }: { children?: ReactNode }) {
  return (
    <NotFoundBox role="alert">
      <SearchX size={32} aria-hidden />
      <span>
        {children ?? <Trans>This does not exist, or you do not have access to it.</Trans>}
      </span>
    </NotFoundBox>
  );
}

/**
 * Loading, not found and error states of an entity's query; the content
 * renders once the entity is there. A cached entity shows at once while it
 * is fetched again.
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending) return <Loading />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}
