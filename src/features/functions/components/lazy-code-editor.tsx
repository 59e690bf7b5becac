import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { CodeEditorProps } from './code-editor-props.ts';

const Editor = lazy(() => import('./code-editor.tsx'));

const Placeholder = styled.div<{ $minHeight: string }>`
  display: grid;
  place-items: center;
  min-height: ${({ $minHeight }) => $minHeight};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The code editor, loaded on first use into its own chunk. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <Placeholder $minHeight={props.minHeight ?? '160px'} role="status">
          <Trans>Loading editor…</Trans>
        </Placeholder>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
