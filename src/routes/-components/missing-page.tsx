import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import styled from 'styled-components';
import { Button } from '../../ui/button.tsx';
import { PublicLayout } from './public-layout.tsx';

const Box = styled.div`
  display: grid;
  gap: 14px;
  justify-items: start;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  code {
    word-break: break-all;
  }
  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

/** The page of an address that leads nowhere, naming the address it came from. */
export function MissingPage({ from }: { from: string | undefined }) {
  return (
    <PublicLayout>
      <Box>
        <SearchX size={44} aria-hidden />
        <h1>
          <Trans>The resource requested has not been found!</Trans>
        </h1>
        {from ? (
          <p>
            <Trans>
              Address: <code>{from}</code>
            </Trans>
          </p>
        ) : null}
        <p>
          <Trans>Please try again or contact our support</Trans>
        </p>
        <Muted>
          <Trans>Network Error</Trans>
        </Muted>
        <p>
          <Trans>Contact support: write to the administrator of your organisation.</Trans>
        </p>
        <Button as={Link} to="/dashboard">
          <Trans>Go to dashboard</Trans>
        </Button>
      </Box>
    </PublicLayout>
  );
}
