import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { linter, type Diagnostic } from '@codemirror/lint';
import { getJsonPointers, jsonCompletion, jsonSchemaHover, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import type { ScreenProblem } from '../../contract/screen';

export interface ScreenJsonEditorHandle {
  /** Selects the value at a JSON path and scrolls it into view. */
  reveal(path: string): void;
}

interface Props {
  value: string;
  onChange(text: string): void;
  /** The meta-schema, for completion and hover. */
  schema: object;
  /** Checks the text as the server will and returns its problems by JSON path. */
  check(text: string): ScreenProblem[];
}

/** The nearest place in the document for a JSON path: the value itself, else its closest parent. */
function locate(state: EditorState, path: string): { from: number; to: number } | null {
  const pointers = getJsonPointers(state, 'json4');
  for (let at = path === '/' ? '' : path; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) {
    const found = pointers.get(at);
    if (found) return { from: found.keyFrom, to: 'valueTo' in found ? found.valueTo : found.keyTo };
    if (at === '') return { from: 0, to: Math.min(1, state.doc.length) };
  }
}

/**
 * The designer's JSON editor: CodeMirror with the screen meta-schema for completion and hover, and
 * a linter that marks each problem the server would report at its place, with the same message.
 */
export const ScreenJsonEditor = forwardRef<ScreenJsonEditorHandle, Props>(function ScreenJsonEditor({ value, onChange, schema, check }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, check });
  latest.current = { onChange, check };

  useEffect(() => {
    const problemsLinter = linter(
      (v): Diagnostic[] => {
        const text = v.state.doc.toString();
        try {
          JSON.parse(text);
        } catch {
          return []; // jsonParseLinter reports the syntax error at its place
        }
        return latest.current.check(text).map((problem) => {
          const at = locate(v.state, problem.path) ?? { from: 0, to: 0 };
          return { from: at.from, to: at.to, severity: 'error', message: `${problem.path}: ${problem.message}` };
        });
      },
      { delay: 300 },
    );
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          linter(jsonParseLinter()),
          problemsLinter,
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          hoverTooltip(jsonSchemaHover()),
          stateExtensions(schema as JSONSchema7),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useImperativeHandle(ref, () => ({
    reveal(path) {
      const editor = view.current;
      const at = editor && locate(editor.state, path);
      if (!editor || !at) return;
      editor.dispatch({ selection: { anchor: at.from, head: at.to }, scrollIntoView: true });
      editor.focus();
    },
  }));

  return <div ref={host} style={{ height: '100%', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, overflow: 'hidden' }} />;
});
