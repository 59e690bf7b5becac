import { X } from 'lucide-react';
import styled from 'styled-components';
import type { Notice } from '../../machines/notifications.machine.ts';

const Bar = styled.div<{ $side: 'left' | 'right'; $severity: Notice['severity'] }>`
  position: fixed;
  bottom: 24px;
  ${({ $side }) => ($side === 'left' ? 'left: 24px;' : 'right: 24px;')}
  z-index: 60;
  display: flex;
  align-items: center;
  gap: 12px;
  max-width: min(480px, calc(100vw - 48px));
  padding: 10px 10px 10px 16px;
  border-radius: ${({ theme }) => theme.radius};
  color: #fff;
  background: ${({ theme, $severity }) =>
    $severity === 'error'
      ? theme.colors.danger
      : $severity === 'warning'
        ? '#8a5300'
        : $severity === 'success'
          ? '#1b5e20'
          : '#263238'};
  box-shadow: 0 8px 24px rgb(0 0 0 / 25%);
  button {
    border: none;
    background: transparent;
    color: inherit;
    cursor: pointer;
    display: grid;
    place-items: center;
  }
`;

export function Snackbar({
  notice,
  side,
  onClose,
  closeLabel,
}: {
  notice: Notice;
  side: 'left' | 'right';
  onClose: () => void;
  closeLabel: string;
}) {
  return (
    <Bar
      role={notice.severity === 'error' ? 'alert' : 'status'}
      $side={side}
      $severity={notice.severity}
    >
      <span>{notice.message}</span>
      <button type="button" onClick={onClose} aria-label={closeLabel}>
        <X size={18} />
      </button>
    </Bar>
  );
}
