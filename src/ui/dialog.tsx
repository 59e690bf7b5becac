import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Overlay = styled(Radix.Overlay)`
  position: fixed;
  inset: 0;
  background: rgb(0 0 0 / 45%);
  z-index: 40;
`;

const Content = styled(Radix.Content)`
  position: fixed;
  z-index: 41;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(640px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  padding: 24px;
  box-shadow: 0 16px 48px rgb(0 0 0 / 30%);
`;

const Title = styled(Radix.Title)`
  margin: 0 0 12px;
  font-size: 1.25rem;
`;

export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 20px;
`;

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Overlay />
        {/* Without a description Radix asks for the attribute explicitly; with one it links it itself. */}
        <Content aria-describedby={undefined}>
          <Title>{title}</Title>
          {description ? <Radix.Description>{description}</Radix.Description> : null}
          {children}
        </Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

export const DialogClose = Radix.Close;
