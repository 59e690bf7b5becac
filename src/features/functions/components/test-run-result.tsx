import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import styled from 'styled-components';
import type { FunctionTestResult } from '../../../../contracts/function-test-run.ts';
import { errorKind, formatDuration, formatOutput, logLevel, type ErrorKind } from './test-run.ts';

const errorTitles: Record<ErrorKind, MessageDescriptor> = {
  syntax: msg`Syntax error`,
  runtime: msg`The function threw an error`,
  timeout: msg`Time limit exceeded`,
  memory: msg`Memory limit exceeded`,
  output: msg`The output is not JSON`,
  crash: msg`The sandbox failed`,
};

const Outcome = styled.p<{ $ok: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 4px;
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

const Message = styled.p`
  margin: 0 0 12px;
  overflow-wrap: anywhere;
`;

const Block = styled.div`
  h3 {
    margin: 16px 0 6px;
    font-size: 0.95rem;
  }
`;

const Pre = styled.pre`
  margin: 0;
  padding: 10px 12px;
  max-height: 320px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 0.8125rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Logs = styled.ol`
  margin: 0;
  padding: 6px 0;
  list-style: none;
  max-height: 260px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 0.8125rem;
  li {
    display: flex;
    gap: 10px;
    padding: 2px 12px;
  }
  li span:last-child {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const Level = styled.span<{ $level: string }>`
  flex: 0 0 44px;
  font-weight: 700;
  text-transform: uppercase;
  color: ${({ theme, $level }) =>
    $level === 'error'
      ? theme.colors.danger
      : $level === 'warn'
        ? theme.colors.warning
        : theme.colors.textMuted};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A test run's outcome: output or error, console lines with their level, and duration. */
export function TestRunResultView({ result }: { result: FunctionTestResult }) {
  const { t, i18n } = useLingui();
  const duration = formatDuration(result.durationMs, i18n.locale === 'en' ? 'en' : 'da');
  return (
    <div>
      {result.ok ? (
        <Outcome $ok>
          <CheckCircle2 size={18} aria-hidden />
          <Trans>Finished in {duration}</Trans>
        </Outcome>
      ) : (
        <>
          <Outcome $ok={false} role="alert">
            <AlertTriangle size={18} aria-hidden />
            {i18n._(errorTitles[errorKind(result.error?.kind ?? 'crash')])}
            <span> · {t`after ${duration}`}</span>
          </Outcome>
          <Message>{result.error?.message}</Message>
        </>
      )}
      {result.ok ? (
        <Block>
          <h3>
            <Trans>Output</Trans>
          </h3>
          <Pre aria-label={t`Output`}>{formatOutput(result.output)}</Pre>
        </Block>
      ) : null}
      <Block>
        <h3>
          <Trans>Console</Trans>
        </h3>
        {result.logs.length === 0 ? (
          <Muted>
            <Trans>No console output.</Trans>
          </Muted>
        ) : (
          <Logs aria-label={t`Console`}>
            {result.logs.map((line, index) => (
              <li key={index}>
                <Level $level={logLevel(line.level)}>{logLevel(line.level)}</Level>
                <span>{line.message}</span>
              </li>
            ))}
          </Logs>
        )}
      </Block>
    </div>
  );
}
