import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import type { StructureKey } from './key-structure.ts';

const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    min-width: 520px;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    padding: 10px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  code {
    font-size: 0.875rem;
    white-space: nowrap;
  }
`;

/** The keys a device of the type sends, in their order. */
export function KeyStructureTable({ structure }: { structure: readonly StructureKey[] }) {
  const { t } = useLingui();
  const typeLabels: Record<string, string> = {
    array: t`Array`,
    boolean: t`Boolean`,
    integer: t`Integer`,
    string: t`String`,
    value: t`Value (number)`,
  };
  if (structure.length === 0) {
    return (
      <p>
        <Trans>This device type has no keys.</Trans>
      </p>
    );
  }
  return (
    // A narrow screen scrolls the table sideways: a keyboard can too, once it has focus.
    <Scroll role="region" aria-label={t`Key structure`} tabIndex={0}>
      <table aria-label={t`Key structure`}>
        <thead>
          <tr>
            <th scope="col">{t`Key`}</th>
            <th scope="col">{t`Name`}</th>
            <th scope="col">{t`Type`}</th>
            <th scope="col">{t`Value`}</th>
          </tr>
        </thead>
        <tbody>
          {structure.map((key) => (
            <tr key={key.key}>
              <td>
                <code>{key.key}</code>
              </td>
              <td>{key.name}</td>
              <td>{typeLabels[key.type] ?? key.type}</td>
              <td>{key.value ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
