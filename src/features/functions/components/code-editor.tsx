import { closeBrackets } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTheme } from 'styled-components';
import type { Theme } from '../../../ui/theme.ts';
import type { CodeEditorProps } from './code-editor-props.ts';

// This module is loaded on demand (see lazy-code-editor.tsx): CodeMirror stays out of the
// main bundle and loads only on pages that show code.

/** Token colours for the dark theme; the light theme uses CodeMirror's default style. */
const darkHighlight = HighlightStyle.define([
  { tag: tags.keyword, color: '#c792ea' },
  { tag: [tags.name, tags.deleted, tags.character, tags.macroName], color: '#e8eef3' },
  { tag: [tags.propertyName], color: '#82aaff' },
  { tag: [tags.function(tags.variableName), tags.labelName], color: '#82aaff' },
  { tag: [tags.definition(tags.name), tags.separator], color: '#e8eef3' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#f78c6c' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#c3e88d' },
  { tag: [tags.operator, tags.operatorKeyword], color: '#89ddff' },
  { tag: [tags.comment, tags.meta], color: '#8796a5', fontStyle: 'italic' },
  { tag: tags.invalid, color: '#ff6b6b' },
]);

function themeExtension(theme: Theme, minHeight: string, maxHeight: string): Extension {
  const dark = theme.mode === 'dark';
  const c = theme.colors;
  return [
    EditorView.theme(
      {
        '&': {
          backgroundColor: c.surface,
          color: c.text,
          border: `1px solid ${c.border}`,
          borderRadius: theme.radius,
          fontSize: '0.875rem',
        },
        '&.cm-focused': { outline: `2px solid ${c.primary}`, outlineOffset: '1px' },
        '.cm-scroller': {
          fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
          minHeight,
          maxHeight,
          overflow: 'auto',
        },
        '.cm-content': { caretColor: c.text, padding: '8px 0' },
        '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.text },
        '.cm-gutters': {
          backgroundColor: c.background,
          color: c.textMuted,
          border: 'none',
          borderRight: `1px solid ${c.border}`,
          borderRadius: `${theme.radius} 0 0 ${theme.radius}`,
        },
        '.cm-activeLine': { backgroundColor: c.hover },
        '.cm-activeLineGutter': { backgroundColor: c.hover, color: c.text },
        '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
          { backgroundColor: dark ? 'rgb(79 209 192 / 28%)' : 'rgb(0 121 107 / 20%)' },
        '.cm-matchingBracket': {
          backgroundColor: dark ? 'rgb(255 255 255 / 14%)' : 'rgb(0 0 0 / 10%)',
          outline: 'none',
        },
      },
      { dark },
    ),
    syntaxHighlighting(dark ? darkHighlight : defaultHighlightStyle),
  ];
}

/** A CodeMirror 6 editor for JavaScript or JSON, themed like the console. */
export default function CodeEditor({
  value,
  onChange,
  language,
  labelId,
  describedBy,
  invalid = false,
  readOnly = false,
  minHeight = '160px',
  maxHeight = '480px',
  onSubmit,
}: CodeEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const attributesSlot = useRef(new Compartment());
  const latest = useRef({ onChange, onSubmit });
  useLayoutEffect(() => {
    latest.current = { onChange, onSubmit };
  });

  const attributes = (): Extension =>
    EditorView.contentAttributes.of({
      'aria-labelledby': labelId,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      'aria-invalid': String(invalid),
      ...(readOnly ? { 'aria-readonly': 'true' } : {}),
    });

  // The view is made once; later changes of value, theme and attributes are dispatched to it.
  useEffect(() => {
    if (!host.current) return;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          EditorView.lineWrapping,
          language === 'json' ? json() : javascript(),
          ...(readOnly
            ? [EditorState.readOnly.of(true)]
            : [
                indentOnInput(),
                closeBrackets(),
                history(),
                // Tab indents; Escape then Tab leaves the editor (CodeMirror's rule).
                keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
              ]),
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                latest.current.onSubmit?.();
                return latest.current.onSubmit !== undefined;
              },
            },
          ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange?.(update.state.doc.toString());
          }),
          themeSlot.current.of(themeExtension(theme, minHeight, maxHeight)),
          attributesSlot.current.of(attributes()),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // Made once per language and mode; the effects below follow the other props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, readOnly]);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: themeSlot.current.reconfigure(themeExtension(theme, minHeight, maxHeight)),
    });
  }, [theme, minHeight, maxHeight]);

  useEffect(() => {
    view.current?.dispatch({ effects: attributesSlot.current.reconfigure(attributes()) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelId, describedBy, invalid, readOnly]);

  return <div ref={host} data-language={language} />;
}
