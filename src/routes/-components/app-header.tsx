import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Menu } from 'lucide-react';
import type { RefObject } from 'react';
import styled from 'styled-components';
import type { SignedInUser } from '../../../contracts/session.ts';
import { brandingQuery } from '../../api/branding/queries.ts';
import { productName } from '../../lib/branding.ts';
import { useSettings } from '../../lib/use-settings.ts';
import { IconButton } from '../../ui/button.tsx';
import { useMinWidth } from '../../ui/theme-mode.ts';
import { GlobalSearch } from './global-search.tsx';
import { UserMenu } from './user-menu.tsx';

const Header = styled.header<{ $border: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 60px;
  padding: 0 12px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid
    ${({ theme, $border }) => ($border ? theme.colors.border : 'transparent')};
  box-shadow: ${({ $border }) => ($border ? 'none' : '0 1px 3px rgb(0 0 0 / 8%)')};
  z-index: 20;
`;

const Logo = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 700;
  font-size: 1.1rem;
  cursor: pointer;
  padding: 4px;
  img {
    height: 32px;
    width: auto;
    max-width: 140px;
  }
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.05rem;
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  display: flex;
  align-items: center;
  gap: 4px;
`;

const Spacer = styled.div`
  margin-left: auto;
`;

/**
 * The signed-in layout's top bar: the menu button, the host's logo (to the
 * user's start page), the page's title with its way back, search and the user menu.
 */
export function AppHeader({
  user,
  menuButton,
  menuOpen,
  onMenu,
}: {
  user: SignedInUser;
  menuButton: RefObject<HTMLButtonElement | null>;
  menuOpen: boolean;
  onMenu: () => void;
}) {
  const { t, i18n } = useLingui();
  const { data: branding } = useQuery(brandingQuery());
  const { settings } = useSettings();
  const compactHeader = !useMinWidth(600);
  const navigate = useNavigate();
  const matches = useMatches();
  const page = [...matches].reverse().find((match) => match.staticData.title);
  const title = page?.staticData.title && !compactHeader ? i18n._(page.staticData.title) : null;

  return (
    <Header $border={settings.headerBorder}>
      <IconButton ref={menuButton} onClick={onMenu} aria-label={t`Menu`} aria-expanded={menuOpen}>
        <Menu size={22} />
      </IconButton>
      <Logo
        type="button"
        onClick={() => void navigate({ to: settings.defaultRoute || '/' })}
        aria-label={productName(branding)}
      >
        <img src={branding?.logo ?? '/favicon.svg'} alt="" />
        {compactHeader ? null : productName(branding)}
      </Logo>
      {/* No empty heading: on a narrow screen the title is left to the page's own. */}
      <Title as={title ? 'h1' : 'div'}>
        {page?.staticData.back ? (
          <IconButton
            onClick={() => void navigate({ to: page.staticData.back })}
            aria-label={t`Back`}
          >
            <ArrowLeft size={20} />
          </IconButton>
        ) : null}
        {title}
      </Title>
      {settings.globalSearch ? <GlobalSearch compact={compactHeader} /> : <Spacer />}
      <UserMenu user={user} compact={compactHeader} />
    </Header>
  );
}
