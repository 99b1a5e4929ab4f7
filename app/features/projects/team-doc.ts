import * as Y from 'yjs';
import { z } from 'zod';

/**
 * The team parts of a project document: the chat (`chat`, a Y.Array of messages, and `reactions`, a
 * Y.Map whose keys are "message emoji user"), the daily standups (`standups`, keyed "date:user", so
 * one answer per person per day, replaced when edited) and the noticeboard (`notices`).
 */

export const REACTIONS = ['+1', '♥', '★', '✔'] as const;

export const chatMessage = z.object({ id: z.string(), author: z.number().nullable(), name: z.string(), body: z.string(), at: z.string() });
export type ChatMessage = z.infer<typeof chatMessage>;

export const standup = z.object({
  user: z.number(),
  name: z.string(),
  date: z.string(),
  done: z.string(),
  doing: z.string(),
  blocked: z.string(),
  at: z.string(),
});
export type Standup = z.infer<typeof standup>;

export const notice = z.object({
  id: z.string(),
  author: z.number().nullable(),
  name: z.string(),
  title: z.string(),
  body: z.string(),
  at: z.string(),
});
export type Notice = z.infer<typeof notice>;

function parsed<T>(schema: z.ZodType<T>, values: unknown[]): T[] {
  return values.flatMap((v) => {
    const r = schema.safeParse(v);
    return r.success ? [r.data] : [];
  });
}

export function readChat(doc: Y.Doc): ChatMessage[] {
  return parsed(chatMessage, doc.getArray('chat').toArray()).sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

export function sendMessage(doc: Y.Doc, m: { author: number | null; name: string; body: string }): void {
  const message: ChatMessage = { id: crypto.randomUUID(), at: new Date().toISOString(), ...m, body: m.body.trim() };
  doc.getArray('chat').push([message]);
}

/** Who reacted with what to each message: message id → emoji → user ids. */
export function readReactions(doc: Y.Doc): Map<string, Map<string, number[]>> {
  const out = new Map<string, Map<string, number[]>>();
  doc.getMap('reactions').forEach((_v, key) => {
    const [message, emoji, user] = key.split(' ');
    if (!message || !emoji || !user) return;
    const byEmoji = out.get(message) ?? new Map<string, number[]>();
    byEmoji.set(emoji, [...(byEmoji.get(emoji) ?? []), Number(user)]);
    out.set(message, byEmoji);
  });
  return out;
}

export function toggleReaction(doc: Y.Doc, message: string, emoji: string, user: number): void {
  const map = doc.getMap('reactions');
  const key = `${message} ${emoji} ${user}`;
  if (map.has(key)) map.delete(key);
  else map.set(key, true);
}

export function readStandups(doc: Y.Doc, date: string): Standup[] {
  const all: unknown[] = [];
  doc.getMap('standups').forEach((v) => all.push(v));
  return parsed(standup, all)
    .filter((s) => s.date === date)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function saveStandup(doc: Y.Doc, s: Omit<Standup, 'at'>): void {
  doc.getMap('standups').set(`${s.date}:${s.user}`, { ...s, at: new Date().toISOString() });
}

export function readNotices(doc: Y.Doc): Notice[] {
  return parsed(notice, doc.getArray('notices').toArray()).sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

export function postNotice(doc: Y.Doc, n: { author: number | null; name: string; title: string; body: string }): void {
  const entry: Notice = { id: crypto.randomUUID(), at: new Date().toISOString(), ...n };
  doc.getArray('notices').push([entry]);
}
