import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styled from 'styled-components';
import { hasPrivilege } from '../../../lib/current-user.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { FieldList, Section } from '../../../ui/detail.tsx';
import type { CloudFunction } from '../../../../contracts/cloud-function.ts';
import { showScalar } from './form-model.ts';
import { FunctionHeader } from './function-header.tsx';
import { dataTypeLabels, functionTypeLabels, keyTypeLabel } from './labels.ts';
import { CodeEditor } from './lazy-code-editor.tsx';
import { TestRunPanel } from './test-run-panel.tsx';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  th {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  code {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Columns = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  align-items: start;
`;

function formatSize(bytes: number, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes < 1024 ? `${number.format(bytes)} B` : `${number.format(bytes / 1024)} KB`;
}

/** A cloud function's fields, data keys, metadata, code (read-only) and, if allowed, a test run. */
export function FunctionDetail({ fn, user }: { fn: CloudFunction; user: SignedInUser }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = i18n.locale === 'en' ? 'en-GB' : 'da-DK';
  const canModify = hasPrivilege(user, 'cloudfunction.modify');
  const canRun = canModify || hasPrivilege(user, 'cloudfunction.create');
  return (
    <>
      <FunctionHeader
        fn={fn}
        canModify={canModify}
        canDelete={hasPrivilege(user, 'cloudfunction.delete')}
      />
      <Columns>
        <Section>
          <h2>
            <Trans>Details</Trans>
          </h2>
          <FieldList
            fields={[
              { label: t`Type`, value: i18n._(functionTypeLabels[fn.type]) },
              { label: t`Organisation`, value: fn.org.name },
              { label: t`Data type`, value: i18n._(dataTypeLabels[fn.dataType]) },
              { label: t`Description`, value: fn.description },
              { label: t`Code size`, value: formatSize(fn.codeSize, locale) },
              { label: t`Created`, value: formatDateTime(fn.created) },
              { label: t`Modified`, value: formatDateTime(fn.modified) },
              { label: t`ID`, value: fn.id },
            ]}
          />
        </Section>
        <div>
          <Section>
            <h2>
              <Trans>Data keys</Trans>
            </h2>
            {fn.dataKeys.length === 0 ? (
              <Muted>
                <Trans>No data keys.</Trans>
              </Muted>
            ) : (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t`Key`}</th>
                    <th scope="col">{t`Name`}</th>
                    <th scope="col">{t`Type`}</th>
                    <th scope="col">{t`Unit`}</th>
                  </tr>
                </thead>
                <tbody>
                  {fn.dataKeys.map((key) => (
                    <tr key={key.key}>
                      <td>
                        <code>{key.key}</code>
                      </td>
                      <td>{key.name ?? '–'}</td>
                      <td>{key.type ? keyTypeLabel(key.type, i18n) : '–'}</td>
                      <td>{key.unit ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Section>
          <Section>
            <h2>
              <Trans>Metadata</Trans>
            </h2>
            {fn.metadata.length === 0 ? (
              <Muted>
                <Trans>No metadata.</Trans>
              </Muted>
            ) : (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{t`Key`}</th>
                    <th scope="col">{t`Value`}</th>
                    <th scope="col">{t`Default`}</th>
                  </tr>
                </thead>
                <tbody>
                  {fn.metadata.map((entry) => (
                    <tr key={entry.key}>
                      <td>
                        <code>{entry.key}</code>
                      </td>
                      <td>{showScalar(entry.value) || '–'}</td>
                      <td>{showScalar(entry.default) || '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Section>
        </div>
      </Columns>
      <Section>
        <h2 id={`${id}-code`}>
          <Trans>Code</Trans>
        </h2>
        <CodeEditor
          language="javascript"
          value={fn.code}
          labelId={`${id}-code`}
          readOnly
          minHeight="120px"
          maxHeight="560px"
        />
      </Section>
      {canRun ? <TestRunPanel code={fn.code} /> : null}
    </>
  );
}
