import styled from 'styled-components';

/** A notice in the warning colour above a list or page: an icon, then what the user should know. */
export const WarningNotice = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px 12px;
  margin-bottom: 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;
  svg {
    color: ${({ theme }) => theme.colors.warning};
    flex: none;
  }
`;
