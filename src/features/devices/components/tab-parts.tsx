import { Trans } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Section } from '../../../ui/detail.tsx';

const Placeholder = styled.div`
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 40px 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A tab whose content other work delivers (data, log, map): says so plainly. */
export function ComingWithLiveData({ title }: { title: ReactNode }) {
  return (
    <Section>
      <h2>{title}</h2>
      <Placeholder role="status">
        <Radio size={32} aria-hidden />
        <span>
          <Trans>This tab arrives with live data. Nothing to show here yet.</Trans>
        </span>
      </Placeholder>
    </Section>
  );
}

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
