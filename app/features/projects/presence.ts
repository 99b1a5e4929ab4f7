import { useEffect } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { z } from 'zod';

/**
 * What each person's presence (Yjs awareness) carries: `user` (id, name and colour), `task` (the task
 * open on their screen), `typing` (a chat message half written) and `cursor` (where they are in a
 * task's description, as Yjs relative positions, so it stays on the same letter while text moves).
 */

/** Colours readable on light and dark surfaces; a person keeps one, from their user id. */
const PALETTE = ['#7C3AED', '#0E7490', '#C2410C', '#15803D', '#BE185D', '#1D4ED8', '#A16207', '#B91C1C'] as const;

export function colorOf(userId: number): string {
  return PALETTE[Math.abs(userId) % PALETTE.length];
}

const presenceUser = z.object({ id: z.number().optional(), name: z.string().min(1).max(200), color: z.string().optional() });
const cursorState = z.object({ task: z.string(), anchor: z.unknown(), head: z.unknown() });

export interface PeerCursor {
  clientId: number;
  name: string;
  color: string;
  /** Where their selection starts and where their caret is (equal when nothing is selected); null when not in this text. */
  anchor: number | null;
  head: number | null;
}

/** Publishes this person's caret and selection in `text` (of task `taskId`). */
export function publishCursor(awareness: Awareness, text: Y.Text, taskId: string, start: number, end: number): void {
  const anchor = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, start));
  const head = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, end));
  awareness.setLocalStateField('cursor', { task: taskId, anchor, head });
}

function absolute(text: Y.Text, json: unknown): number | null {
  if (!text.doc || json === null || typeof json !== 'object') return null;
  try {
    const abs = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(json), text.doc);
    return abs && abs.type === text ? abs.index : null;
  } catch {
    return null;
  }
}

/** Everyone else with task `taskId` open, and where they are in its description. */
export function peerCursors(states: Map<number, Record<string, unknown>>, self: number | null, text: Y.Text, taskId: string): PeerCursor[] {
  const out: PeerCursor[] = [];
  for (const [clientId, state] of states) {
    if (clientId === self || state.task !== taskId) continue;
    const user = presenceUser.safeParse(state.user);
    if (!user.success) continue;
    const color = user.data.color && /^#[0-9a-fA-F]{6}$/.test(user.data.color) ? user.data.color : colorOf(user.data.id ?? clientId);
    const cursor = cursorState.safeParse(state.cursor);
    let anchor: number | null = null;
    let head: number | null = null;
    if (cursor.success && cursor.data.task === taskId) {
      head = absolute(text, cursor.data.head);
      anchor = head === null ? null : (absolute(text, cursor.data.anchor) ?? head);
    }
    out.push({ clientId, name: user.data.name, color, anchor, head });
  }
  return out.sort((a, b) => a.clientId - b.clientId);
}

/** Tells the others on a document who this is (name and colour), for as long as the screen is open. */
export function useAnnounceSelf(awareness: Awareness | null, me: { id: number; name: string } | null): void {
  const id = me?.id;
  const name = me?.name;
  useEffect(() => {
    if (awareness && id !== undefined && name !== undefined) awareness.setLocalStateField('user', { id, name, color: colorOf(id) });
  }, [awareness, id, name]);
}
