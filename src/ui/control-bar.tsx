import styled, { css } from 'styled-components';

/**
 * A row of labelled native selects above a chart (a data key, a period), and
 * whatever sits beside them; it wraps on a narrow screen.
 */
export const ControlBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 12px;
  select {
    min-height: 40px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

/**
 * A small native select beside other small controls (a list's page size, a
 * map's theme): the kit's colours at 32 px, in the surrounding text's font.
 */
export const compactSelect = css`
  font: inherit;
  min-height: 32px;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;
