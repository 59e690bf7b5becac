import styled from 'styled-components';

export const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px 12px;
  margin-top: 16px;
  > :not(button) {
    flex: 1 1 220px;
    max-width: 420px;
  }
`;

/** A fieldset that only groups (disables) its fields, without a frame. */
export const PlainFieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
`;
