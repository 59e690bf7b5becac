import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { brandingQuery } from '../../api/branding/queries.ts';
import { productName } from '../../lib/branding.ts';
import { LanguageSwitch } from '../../ui/language-switch.tsx';
import { CONSENT_SPACE } from './cookie-consent.tsx';

const Page = styled.div<{ $split: boolean }>`
  box-sizing: border-box;
  min-height: 100vh;
  padding-bottom: ${CONSENT_SPACE};
  display: grid;
  grid-template-columns: 1fr;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: ${({ $split }) => ($split ? 'minmax(480px, 1fr) 1.2fr' : '1fr')};
  }
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  padding: 24px clamp(16px, 5vw, 64px);
  gap: 24px;
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: 1.375rem;
  font-weight: 700;
  img {
    height: 40px;
    width: auto;
    max-width: 180px;
    object-fit: contain;
  }
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  justify-content: center;
  width: min(420px, 100%);
  margin: 0 auto;
`;

const Footer = styled.footer`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  justify-content: center;
`;

/** The frame of the pages seen before sign-in: brand, language, content, footer, and an optional side panel. */
export function PublicLayout({
  children,
  aside,
  footer,
}: {
  children: ReactNode;
  aside?: ReactNode;
  footer?: ReactNode;
}) {
  const { data: branding } = useQuery(brandingQuery());
  const name = productName(branding);
  return (
    <Page $split={Boolean(aside)}>
      <Main>
        <Top>
          <Brand>
            <img src={branding?.logo ?? '/favicon.svg'} alt="" />
            {name}
          </Brand>
          <LanguageSwitch />
        </Top>
        <Body>{children}</Body>
        <Footer>
          {footer}
          <span>
            {branding?.copyrightText ?? (
              <Trans>© {new Date().getFullYear()} Nordlys contributors</Trans>
            )}
          </span>
        </Footer>
      </Main>
      {aside}
    </Page>
  );
}
