export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'javascript' | 'json';
  /** The id of the visible label; the editor's text box is named by it. */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  readOnly?: boolean;
  minHeight?: string;
  maxHeight?: string;
  /** Ctrl/Cmd+Enter in the editor. */
  onSubmit?: () => void;
}
