import { Trans, useLingui } from '@lingui/react/macro';
import { Play } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useTestRunFunction } from '../../../api/functions/mutations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { CodeEditor } from './lazy-code-editor.tsx';
import { SAMPLE_PAYLOAD } from './template.ts';
import { parsePayload } from './test-run.ts';
import { TestRunResultView } from './test-run-result.tsx';

const Label = styled.span`
  display: block;
  margin-bottom: 6px;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.875rem;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: 12px 0;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * Runs the given code (as it is in the editor, saved or not) against a JSON sample payload
 * in the server's sandbox, and shows its output, console lines and duration, or its error.
 */
export function TestRunPanel({ code }: { code: string }) {
  const { t } = useLingui();
  const id = useId();
  const [payload, setPayload] = useState(SAMPLE_PAYLOAD);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useTestRunFunction();

  const start = () => {
    const parsed = parsePayload(payload);
    if (!parsed.ok) {
      if (parsed.reason === 'empty') {
        setProblem(t`Write a sample payload in JSON.`);
      } else if (parsed.line !== undefined) {
        const line = parsed.line;
        const column = parsed.column ?? 1;
        setProblem(t`The sample payload is not valid JSON (line ${line}, column ${column}).`);
      } else {
        setProblem(t`The sample payload is not valid JSON.`);
      }
      return;
    }
    setProblem(null);
    run.mutate({ code, input: parsed.value });
  };

  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Test run</Trans>
      </h2>
      <Label id={`${id}-payload`}>
        <Trans>Sample payload (JSON)</Trans>
      </Label>
      <CodeEditor
        language="json"
        value={payload}
        onChange={(next) => {
          setPayload(next);
          if (problem) setProblem(null);
        }}
        labelId={`${id}-payload`}
        describedBy={problem ? `${id}-problem` : undefined}
        invalid={problem !== null}
        minHeight="110px"
        maxHeight="280px"
        onSubmit={start}
      />
      {problem ? (
        <Problem id={`${id}-problem`} role="alert">
          {problem}
        </Problem>
      ) : null}
      <Bar>
        <Button type="button" onClick={start} disabled={run.isPending}>
          <Play size={16} aria-hidden />
          {run.isPending ? <Trans>Running…</Trans> : <Trans>Run</Trans>}
        </Button>
        <small>
          <Trans>Runs the code in the editor, unsaved changes included (Ctrl+Enter).</Trans>
        </small>
      </Bar>
      <div aria-live="polite">
        {run.isError ? (
          <Problem role="alert">
            {run.error instanceof ApiError
              ? run.error.message
              : t`The test run could not be started.`}
          </Problem>
        ) : null}
        {run.data && !run.isPending ? <TestRunResultView result={run.data} /> : null}
      </div>
    </Section>
  );
}
