/**
 * The rich text editor (`richtext` fields), loaded only when a form has one: tiptap with its
 * starter kit under a toolbar of antd buttons. What it writes is the HTML of tiptap's document
 * schema, which knows no script, style or event attribute; the server sanitises on write anyway and
 * every place that shows the HTML sanitises it again (DOMPurify).
 */
import { useEffect, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import type { WidgetMessageKey } from '../interface/messages';
import { controlState } from './common';

const EXTENSIONS = [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })];

interface Tool {
  label: WidgetMessageKey;
  icon: ReactNode;
  run(editor: Editor): void;
  active?: string | [string, Record<string, unknown>];
}

const QUOTE_ICON = <span aria-hidden="true" style={{ fontWeight: 700, fontSize: 16, lineHeight: 1 }}>“</span>;

const TOOLS: (Tool | 'separator')[] = [
  { label: 'formRtBold', icon: <BoldOutlined />, run: (e) => e.chain().focus().toggleBold().run(), active: 'bold' },
  { label: 'formRtItalic', icon: <ItalicOutlined />, run: (e) => e.chain().focus().toggleItalic().run(), active: 'italic' },
  { label: 'formRtUnderline', icon: <UnderlineOutlined />, run: (e) => e.chain().focus().toggleUnderline().run(), active: 'underline' },
  { label: 'formRtStrike', icon: <StrikethroughOutlined />, run: (e) => e.chain().focus().toggleStrike().run(), active: 'strike' },
  'separator',
  { label: 'formRtHeading', icon: <FontSizeOutlined />, run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: ['heading', { level: 3 }] },
  { label: 'formRtBulletList', icon: <UnorderedListOutlined />, run: (e) => e.chain().focus().toggleBulletList().run(), active: 'bulletList' },
  { label: 'formRtOrderedList', icon: <OrderedListOutlined />, run: (e) => e.chain().focus().toggleOrderedList().run(), active: 'orderedList' },
  { label: 'formRtQuote', icon: QUOTE_ICON, run: (e) => e.chain().focus().toggleBlockquote().run(), active: 'blockquote' },
  'separator',
  { label: 'formRtClear', icon: <ClearOutlined />, run: (e) => e.chain().focus().unsetAllMarks().clearNodes().run() },
  { label: 'formRtUndo', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
  { label: 'formRtRedo', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
];

const isActive = (editor: Editor, active: Tool['active']) =>
  active === undefined ? false : Array.isArray(active) ? editor.isActive(active[0], active[1]) : editor.isActive(active);

export default function RichTextEditor(props: WidgetProps) {
  const { id, value, onChange } = props;
  const { t } = useWidgetHost();
  const { disabled } = controlState(props);
  const html = typeof value === 'string' ? value : '';
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: html,
    editable: !disabled,
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': props.label ?? '' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? undefined : current.getHTML()),
  });
  // The toolbar shows which marks hold at the cursor; it redraws only when one of them changes.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => TOOLS.map((tool) => (tool === 'separator' || !current ? false : isActive(current, tool.active))),
  });

  useEffect(() => editor?.setEditable(!disabled), [editor, disabled]);
  // A value set from outside (a reload, a rule's default) replaces the document; the editor's own echo does not.
  useEffect(() => {
    if (editor && !editor.isDestroyed && html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <div className={disabled ? 'ef-rt ef-rt-disabled' : 'ef-rt'}>
      {!disabled && (
        <div className="ef-rt-toolbar" role="toolbar">
          {TOOLS.map((tool, index) =>
            tool === 'separator' ? (
              <span key={index} className="ef-rt-sep" />
            ) : (
              <Tooltip key={tool.label} title={t(tool.label)}>
                <Button
                  size="small"
                  type={active?.[index] ? 'primary' : 'text'}
                  ghost={Boolean(active?.[index])}
                  aria-label={t(tool.label)}
                  aria-pressed={Boolean(active?.[index])}
                  icon={tool.icon}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => editor && tool.run(editor)}
                />
              </Tooltip>
            ),
          )}
        </div>
      )}
      <EditorContent editor={editor} className="ef-rt-content" />
    </div>
  );
}
