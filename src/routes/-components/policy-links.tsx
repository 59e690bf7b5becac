import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { brandingQuery } from '../../api/branding/queries.ts';
import { PolicyDialogLater, preloadsPolicyDialog } from './policy-dialog-later.tsx';

const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

type Policy = 'privacy' | 'cookies';

/** The privacy and cookie policies: the host's own pages when branded, Nordlys' texts otherwise. */
export function PolicyLinks() {
  const { t } = useLingui();
  const { data: branding } = useQuery(brandingQuery());
  const [policy, setPolicy] = useState<Policy | null>(null);

  const link = (kind: Policy, url: string | null) => {
    const label = kind === 'privacy' ? t`Privacy policy` : t`Cookie policy`;
    return url ? (
      <a href={url} target="_blank" rel="noreferrer">
        {label}
      </a>
    ) : (
      <LinkButton type="button" {...preloadsPolicyDialog} onClick={() => setPolicy(kind)}>
        {label}
      </LinkButton>
    );
  };

  return (
    <>
      {link('privacy', branding?.gdprUrl ?? null)}
      {link('cookies', branding?.cookieUrl ?? null)}
      <PolicyDialogLater
        kind={policy ?? 'privacy'}
        open={policy !== null}
        onOpenChange={(open) => !open && setPolicy(null)}
      />
    </>
  );
}
