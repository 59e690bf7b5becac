import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { chooseLocale, isLocale, locales } from '../lib/i18n.ts';

const Select = styled.select`
  font: inherit;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const names = { da: 'Dansk', en: 'English' } as const;

export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <Select
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(event) => {
        const next = event.target.value;
        if (isLocale(next)) void chooseLocale(next);
      }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale}>
          {names[locale]}
        </option>
      ))}
    </Select>
  );
}
