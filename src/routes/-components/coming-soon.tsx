import { Trans } from '@lingui/react/macro';
import { Hammer } from 'lucide-react';
import styled from 'styled-components';
import { Card } from '../../ui/card.tsx';

const Box = styled(Card)`
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 48px 24px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A screen whose route exists and whose content arrives with a later release. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Box>
      <Hammer size={36} aria-hidden />
      <h2>{title}</h2>
      <p>
        <Trans>Coming soon: this part of the console is being built.</Trans>
      </p>
    </Box>
  );
}
