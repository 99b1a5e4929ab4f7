import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { useAwarenessStates } from './yjs-docs';
import * as w from '../../ui/page.css';
import type { Me } from './board';
import { peerCursors, publishCursor, type PeerCursor } from './presence';
import * as s from './projects.css';

/**
 * A task's description, a Y.Text edited by everyone at once: each keystroke becomes the smallest
 * insert and delete, remote edits keep the local cursor where it was in the text, and everyone
 * else's caret and selection are drawn in the text itself, in their colour and under their name.
 * Carets travel as Yjs relative positions, so they stay on the right letter while others type.
 */
export function SharedText({ text: ytext, awareness, taskId, me }: { text: Y.Text; awareness: Awareness | null; taskId: string; me: Me }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(() => ytext.toString());
  const selection = useRef<[number, number] | null>(null);
  const states = useAwarenessStates(awareness);

  useEffect(() => {
    setValue(ytext.toString());
    const observer = (event: Y.YTextEvent) => {
      if (event.transaction.origin === ref) return;
      const el = ref.current;
      if (el && document.activeElement === el) {
        let [start, end] = [el.selectionStart, el.selectionEnd];
        let index = 0;
        for (const d of event.delta) {
          if (d.retain !== undefined) index += d.retain;
          else if (typeof d.insert === 'string') {
            if (index < start) start += d.insert.length;
            if (index < end) end += d.insert.length;
            index += d.insert.length;
          } else if (d.delete !== undefined) {
            if (index < start) start -= Math.min(d.delete, start - index);
            if (index < end) end -= Math.min(d.delete, end - index);
          }
        }
        selection.current = [start, end];
      }
      setValue(ytext.toString());
    };
    ytext.observe(observer);
    return () => ytext.unobserve(observer);
  }, [ytext]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && selection.current) {
      el.setSelectionRange(selection.current[0], selection.current[1]);
      selection.current = null;
    }
    syncScroll();
  }, [value]);

  // Leaving the description (or the task) takes the caret away from the others' screens.
  useEffect(() => () => awareness?.setLocalStateField('cursor', null), [awareness, taskId]);

  const publish = () => {
    const el = ref.current;
    if (awareness && el) publishCursor(awareness, ytext, taskId, el.selectionStart, el.selectionEnd);
  };

  const syncScroll = () => {
    if (ref.current && mirror.current) mirror.current.scrollTop = ref.current.scrollTop;
  };

  const onChange = (next: string) => {
    const prev = ytext.toString();
    let start = 0;
    while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
    let end = 0;
    while (end < prev.length - start && end < next.length - start && prev[prev.length - 1 - end] === next[next.length - 1 - end]) end++;
    ytext.doc?.transact(() => {
      const removed = prev.length - start - end;
      if (removed > 0) ytext.delete(start, removed);
      const inserted = next.slice(start, next.length - end);
      if (inserted) ytext.insert(start, inserted);
    }, ref);
    setValue(next);
    publish();
  };

  const peers = peerCursors(states, awareness?.clientID ?? null, ytext, taskId);
  const placed = peers.filter((p) => p.head !== null);

  return (
    <AriaTextField value={value} onChange={onChange} className={w.fieldWrap}>
      <Label className={w.fieldLabel}>Description</Label>
      <div className={s.descriptionBox}>
        <TextArea
          ref={ref}
          className={s.description}
          onSelect={publish}
          onFocus={publish}
          onBlur={() => awareness?.setLocalStateField('cursor', null)}
          onScroll={syncScroll}
        />
        {placed.length > 0 ? (
          <div ref={mirror} className={s.descriptionMirror} aria-hidden="true" data-testid="remote-cursors">
            <Marked value={value} peers={placed} />
          </div>
        ) : null}
      </div>
      <Text slot="description" className={w.fieldHint} data-testid="description-peers">
        {peers.length === 0 ? (
          `Only you (${me.name}) here`
        ) : (
          <span className={s.peerList}>
            {peers.map((p) => (
              <span key={p.clientId} className={s.peer}>
                <span className={s.dot} style={{ background: p.color }} aria-hidden="true" />
                {p.head === null ? `${p.name} is looking` : `${p.name} is editing`}
              </span>
            ))}
          </span>
        )}
      </Text>
    </AriaTextField>
  );
}

/**
 * The description's text again, transparent, laid over the text area in the same font and box:
 * only the others' selections (a tint) and carets (a bar with their name) show.
 */
function Marked({ value, peers }: { value: string; peers: readonly PeerCursor[] }) {
  // Every point where a mark starts or ends, in order; between two points the text is plain or tinted.
  const points = new Set<number>([0, value.length]);
  for (const p of peers) {
    if (p.head === null) continue;
    points.add(Math.min(p.head, value.length));
    if (p.anchor !== null) points.add(Math.min(p.anchor, value.length));
  }
  const sorted = [...points].sort((a, b) => a - b);
  const parts: ReactNode[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const at = sorted[i];
    for (const p of peers) {
      if (p.head !== null && Math.min(p.head, value.length) === at) {
        parts.push(
          <span
            key={`caret-${p.clientId}`}
            className={s.remoteCaret}
            style={{ borderColor: p.color }}
            data-testid="remote-caret"
            data-name={p.name}
          >
            <span className={s.remoteName} style={{ background: p.color }}>
              {p.name}
            </span>
          </span>,
        );
      }
    }
    const next = sorted[i + 1];
    if (next === undefined || next === at) continue;
    const slice = value.slice(at, next);
    const over = peers.find(
      (p) => p.head !== null && p.anchor !== null && Math.min(p.anchor, p.head) <= at && next <= Math.max(p.anchor, p.head),
    );
    parts.push(
      over ? (
        <span key={`sel-${at}`} className={s.remoteSelection} style={{ background: `${over.color}33` }} data-testid="remote-selection">
          {slice}
        </span>
      ) : (
        <span key={`txt-${at}`}>{slice}</span>
      ),
    );
  }
  // A trailing newline needs something after it to take up its line, as in the text area.
  parts.push(<span key="end">{'\u200b'}</span>);
  return <>{parts}</>;
}
