import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { Building2, Cog, LogOut, User } from 'lucide-react';
import styled from 'styled-components';
import { MenuContent, MenuItem, MenuRoot, MenuSeparator } from '../../ui/menu.tsx';
import { useSignOut } from '../../api/session/mutations.ts';
import type { SignedInUser } from '../../../contracts/session.ts';
import { Avatar } from '../../ui/avatar.tsx';

const Trigger = styled.button`
  flex: none;
  display: flex;
  align-items: center;
  gap: 8px;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  padding: 4px 8px;
  border-radius: 999px;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;

const Content = styled(MenuContent)`
  min-width: 240px;
`;

const Who = styled.div`
  padding: 8px 10px 10px;
  display: grid;
  gap: 2px;
  strong {
    font-size: 0.95rem;
  }
  span {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Item = styled(MenuItem)`
  min-height: 0;
  padding: 9px 10px;
`;

const Separator = MenuSeparator;

/** First name and avatar; the menu has the full name, e-mail, Profile, Account, Settings and sign-out. */
export function UserMenu({ user, compact }: { user: SignedInUser; compact: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const shown = user.firstName || user.email;
  return (
    <MenuRoot>
      <DropdownMenu.Trigger asChild>
        {/* The name starts with the text on the button, so speech input can say what it sees. */}
        <Trigger type="button" aria-label={t`${shown}, user menu`}>
          <Avatar email={user.email} name={fullName} img={user.img} size={32} />
          {compact ? null : <span>{shown}</span>}
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={6}>
          <Who>
            <strong>{fullName}</strong>
            <span>{user.email}</span>
          </Who>
          <Separator />
          <Item
            onSelect={() =>
              void navigate({ to: '/management/user/$id', params: { id: user.uuid } })
            }
          >
            <User size={16} aria-hidden />
            <Trans>Profile</Trans>
          </Item>
          <Item
            onSelect={() =>
              void navigate({ to: '/management/org/$id', params: { id: user.org.uuid } })
            }
          >
            <Building2 size={16} aria-hidden />
            <Trans>Account</Trans>
          </Item>
          <Item onSelect={() => void navigate({ to: '/settings' })}>
            <Cog size={16} aria-hidden />
            <Trans>Settings</Trans>
          </Item>
          <Separator />
          <Item
            onSelect={() => {
              void signOut().then(() => navigate({ to: '/login' }));
            }}
          >
            <LogOut size={16} aria-hidden />
            <Trans>Sign out</Trans>
          </Item>
        </Content>
      </DropdownMenu.Portal>
    </MenuRoot>
  );
}
