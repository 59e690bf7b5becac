import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import type { Branding } from '../../../../contracts/branding.ts';
import { brandedHostsQuery } from '../../../api/branding/queries.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { QueryView } from '../../../ui/detail.tsx';
import { Empty } from '../../../ui/status.tsx';
import { BrandingForm } from './branding-form.tsx';

const Layout = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  align-items: start;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
`;

const HostButton = styled.button<{ $active: boolean }>`
  width: 100%;
  text-align: left;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid
    ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
`;

/** Super users set each host's login text, links, logo, title, favicon and colour. */
export function BrandingEditor() {
  const hosts = useQuery(brandedHostsQuery());
  // Each pick (a host, or a new one) starts the form afresh.
  const [editing, setEditing] = useState<{ branding: Branding | null; pick: number }>({
    branding: null,
    pick: 0,
  });
  const edit = (branding: Branding | null) =>
    setEditing((current) => ({ branding, pick: current.pick + 1 }));

  return (
    <Layout>
      <Card>
        <h2>
          <Trans>Branded hosts</Trans>
        </h2>
        <QueryView query={hosts}>
          {(list) =>
            list.length === 0 ? (
              <Empty>
                <Trans>No host has its own branding yet.</Trans>
              </Empty>
            ) : (
              <ul>
                {list.map((branding) => (
                  <li key={branding.host}>
                    <HostButton
                      type="button"
                      $active={branding.host === editing.branding?.host}
                      onClick={() => edit(branding)}
                    >
                      {branding.host} — {branding.title ?? 'Nordlys'}
                    </HostButton>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
        <Button $variant="secondary" onClick={() => edit(null)} style={{ marginTop: 12 }}>
          <Trans>New host</Trans>
        </Button>
      </Card>
      <Card>
        <BrandingForm
          key={editing.pick}
          branding={editing.branding}
          hosts={(hosts.data ?? []).map((branding) => branding.host)}
          onDeleted={() => edit(null)}
        />
      </Card>
    </Layout>
  );
}
