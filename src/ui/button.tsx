import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'text' | 'danger';

export const Button = styled.button<{ $variant?: Variant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  transition:
    background-color 120ms ease,
    border-color 120ms ease;
  ${({ theme, $variant = 'primary' }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          &:hover:not(:disabled) {
            filter: brightness(1.08);
          }
        `;
      case 'danger':
        return css`
          background: ${c.danger};
          color: #fff;
        `;
      case 'secondary':
        return css`
          background: transparent;
          color: ${c.text};
          border-color: ${c.border};
          &:hover:not(:disabled) {
            background: ${c.hover};
          }
        `;
      case 'text':
        return css`
          background: transparent;
          color: ${c.primary};
          padding: 0 8px;
          &:hover:not(:disabled) {
            background: ${c.hover};
          }
        `;
    }
  }}
  &:disabled {
    opacity: 0.55;
    cursor: default;
  }
`;

export const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: none;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
`;
