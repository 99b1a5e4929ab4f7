import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { sanitizeRichText, safeHref } from '../../../schema/kit/rich-text';
import * as s from './content.css';

/** What other features can do to the body being written (an "insert generated text" action puts text here). */
export interface RichTextEditorHandle {
  /** Inserts rich text at the caret (or at the end when the editor has no caret), cleaned first. */
  insertHtml(html: string): void;
  focus(): void;
}

type Command = { label: string; text: string; run: () => void };

/**
 * A small rich-text editor that works with a phone's keyboard: a contenteditable area and a toolbar
 * of the few formats the magazine keeps (schema/kit/rich-text.ts). What it reports is already cleaned,
 * so what the writer sees is what is saved.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, { value: string; onChange: (html: string) => void; label: string }>(
  function RichTextEditor({ value, onChange, label }, ref) {
    const area = useRef<HTMLDivElement>(null);
    const lastSent = useRef<string | null>(null);

    // Outside changes (a restored draft, a loaded entry) replace the content; the writer's own typing does not.
    useEffect(() => {
      const el = area.current;
      if (el && value !== lastSent.current) {
        el.innerHTML = sanitizeRichText(value);
        lastSent.current = value;
      }
    }, [value]);

    const report = () => {
      const el = area.current;
      if (!el) return;
      const html = sanitizeRichText(el.innerHTML);
      lastSent.current = html;
      onChange(html);
    };

    const exec = (command: string, arg?: string) => {
      area.current?.focus();
      document.execCommand('defaultParagraphSeparator', false, 'p');
      document.execCommand(command, false, arg);
      report();
    };

    useImperativeHandle(ref, () => ({
      insertHtml(html: string) {
        const el = area.current;
        if (!el) return;
        const selection = window.getSelection();
        const inside = selection !== null && selection.rangeCount > 0 && el.contains(selection.getRangeAt(0).commonAncestorContainer);
        if (inside) {
          exec('insertHTML', sanitizeRichText(html));
        } else {
          el.innerHTML = sanitizeRichText(el.innerHTML + html);
          report();
        }
      },
      focus: () => area.current?.focus(),
    }));

    const commands: Command[] = [
      { label: 'Bold', text: 'B', run: () => exec('bold') },
      { label: 'Italic', text: 'I', run: () => exec('italic') },
      { label: 'Heading', text: 'H', run: () => exec('formatBlock', 'h2') },
      { label: 'Paragraph', text: '¶', run: () => exec('formatBlock', 'p') },
      { label: 'Bulleted list', text: '•', run: () => exec('insertUnorderedList') },
      { label: 'Numbered list', text: '1.', run: () => exec('insertOrderedList') },
      {
        label: 'Link',
        text: 'Link',
        run: () => {
          const href = window.prompt('Link address (https://…)');
          const safe = href ? safeHref(href.trim()) : null;
          if (safe) exec('createLink', safe);
        },
      },
    ];

    return (
      <div className={s.editor}>
        <div className={s.toolbar} role="toolbar" aria-label="Formatting">
          {commands.map((c) => (
            <button
              key={c.label}
              type="button"
              className={s.toolButton}
              aria-label={c.label}
              title={c.label}
              // Keep the writer's selection: the button must not take the focus before the command runs.
              onMouseDown={(e) => e.preventDefault()}
              onClick={c.run}
            >
              {c.text}
            </button>
          ))}
        </div>
        <div
          ref={area}
          className={s.editable}
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          tabIndex={0}
          suppressContentEditableWarning
          onInput={report}
          onBlur={report}
        />
      </div>
    );
  },
);
