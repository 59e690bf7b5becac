import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 20px;
`;

export const PageTitle = styled.h1`
  margin: 0 0 16px;
  font-size: 1.5rem;
`;
