import { Trans } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Section } from '../../../ui/detail.tsx';

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 14px 16px;
  /* A field with a hint below it must not stretch its neighbours' inputs. */
  align-items: start;
`;

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

/** A native select in the theme's colours. */
export const Select = styled.select`
  width: 100%;
  min-height: 42px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** A label above its control, as the text fields have it. */
export const FieldLabel = styled.label`
  display: grid;
  gap: 6px;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  select,
  textarea {
    font-weight: 400;
  }
`;

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

export const ErrorText = styled.p`
  margin: 12px 0 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** A fieldset that only groups (disables) its fields, without a frame. */
export const PlainFieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
`;
