import { useEffect, useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { z } from 'zod';
import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import { text } from '../../../schema/kit/input';
import { projectMessages } from '../../../schema/projects/projects';
import { useAwarenessStates, useDocVersion } from './yjs-docs';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import type { Me } from './board';
import * as s from './projects.css';
import {
  postNotice,
  readChat,
  readNotices,
  readReactions,
  readStandups,
  REACTIONS,
  saveStandup,
  sendMessage,
  toggleReaction,
} from './team-doc';
import { useWorkspaceDates } from '../../kit/date-format';

const messageForm = z.object({ body: text(4000).trim().min(1, projectMessages.message) });
const noticeForm = z.object({ title: text(200).trim().min(1, 'Give the notice a title'), body: text(4000).trim() });
const standupForm = z.object({ done: text(2000).trim(), doing: text(2000).trim(), blocked: text(2000).trim() });

/** Who else has this project open, and who of them is typing (awareness). */
function usePresence(awareness: Awareness | null) {
  const states = useAwarenessStates(awareness);
  const here: { name: string; typing: boolean }[] = [];
  for (const [clientId, state] of states) {
    if (clientId === awareness?.clientID) continue;
    const user = z.object({ name: z.string() }).safeParse(state.user);
    if (user.success) here.push({ name: user.data.name, typing: state.typing === true });
  }
  return here;
}

export function Chat({ doc, awareness, me }: { doc: Y.Doc; awareness: Awareness | null; me: Me }) {
  useDocVersion(doc);
  const dates = useWorkspaceDates();
  const messages = readChat(doc);
  const reactions = readReactions(doc);
  const here = usePresence(awareness);
  const form = useZodForm(messageForm, { body: '' });
  const typing = form.values.body.trim().length > 0;
  useEffect(() => {
    awareness?.setLocalStateField('typing', typing);
  }, [awareness, typing]);
  const submit = form.handleSubmit((data) => {
    sendMessage(doc, { author: me.id, name: me.name, body: data.body });
    form.set('body', '');
  });
  const typers = here.filter((h) => h.typing).map((h) => h.name);
  return (
    <section className={w.stack} aria-label="Chat">
      <p className={w.muted} data-testid="presence">
        {here.length === 0 ? 'Nobody else is here right now' : `Here now: ${[...new Set(here.map((h) => h.name))].join(', ')}`}
        {typers.length > 0 ? ` · ${typers.join(', ')} ${typers.length === 1 ? 'is' : 'are'} typing…` : ''}
      </p>
      {messages.length === 0 ? <p className={w.muted}>No messages yet. Say hello to the team.</p> : null}
      <ul className={s.feed} aria-label="Messages">
        {messages.map((m) => {
          const mine = reactions.get(m.id);
          return (
            <li key={m.id} className={s.feedItem}>
              <span className={s.feedHead}>
                <strong>{m.name}</strong> {dates.dateTime(m.at)}
              </span>
              <span>{m.body}</span>
              <span className={s.reactions}>
                {REACTIONS.map((emoji) => {
                  const users = mine?.get(emoji) ?? [];
                  const pressed = users.includes(me.id);
                  return (
                    <ToggleButton
                      key={emoji}
                      className={s.reaction}
                      isSelected={pressed}
                      aria-label={`React ${emoji}${users.length ? `, ${users.length}` : ''}`}
                      onChange={() => toggleReaction(doc, m.id, emoji, me.id)}
                    >
                      {emoji} {users.length > 0 ? users.length : ''}
                    </ToggleButton>
                  );
                })}
              </span>
            </li>
          );
        })}
      </ul>
      <form className={s.addRow} onSubmit={submit} noValidate aria-label="New message">
        <div style={{ flex: '1 1 220px' }}>
          <TextField label="Message" {...form.field('body')} />
        </div>
        <Button type="submit">Send</Button>
      </form>
    </section>
  );
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Daily standups: each member answers once a day (editing replaces it), offline too; the team's side by side. */
export function Standups({ doc, me }: { doc: Y.Doc; me: Me }) {
  useDocVersion(doc);
  const [date] = useState(today);
  const entries = readStandups(doc, date);
  const mine = entries.find((e) => e.user === me.id);
  const form = useZodForm(standupForm, { done: mine?.done ?? '', doing: mine?.doing ?? '', blocked: mine?.blocked ?? '' });
  const submit = form.handleSubmit((data) => saveStandup(doc, { user: me.id, name: me.name, date, ...data }));
  return (
    <section className={w.stack} aria-label="Standups">
      <form className={w.stack} onSubmit={submit} noValidate aria-label="My standup">
        <h3 className={w.sectionTitle}>My standup for {date}</h3>
        <div className={w.twoColumns}>
          <TextField label="Done" multiline {...form.field('done')} />
          <TextField label="Doing" multiline {...form.field('doing')} />
          <TextField label="Blocked" multiline {...form.field('blocked')} />
        </div>
        <div className={w.formActions}>
          <Button type="submit">{mine ? 'Update my standup' : 'Post my standup'}</Button>
        </div>
      </form>
      <h3 className={w.sectionTitle}>The team today</h3>
      {entries.length === 0 ? <p className={w.muted}>Nobody has posted today yet.</p> : null}
      <ul className={s.standups} aria-label="Today's standups">
        {entries.map((e) => (
          <li key={e.user} className={s.feedItem}>
            <strong>{e.name}</strong>
            <span>
              <strong>Done:</strong> {e.done || '—'}
            </span>
            <span>
              <strong>Doing:</strong> {e.doing || '—'}
            </span>
            <span>
              <strong>Blocked:</strong> {e.blocked || '—'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Noticeboard({ doc, me }: { doc: Y.Doc; me: Me }) {
  useDocVersion(doc);
  const dates = useWorkspaceDates();
  const notices = readNotices(doc);
  const form = useZodForm(noticeForm, { title: '', body: '' });
  const submit = form.handleSubmit((data) => {
    postNotice(doc, { author: me.id, name: me.name, ...data });
    form.set('title', '');
    form.set('body', '');
  });
  return (
    <section className={w.stack} aria-label="Noticeboard">
      <form className={w.stack} onSubmit={submit} noValidate aria-label="New notice">
        <TextField label="Notice title" {...form.field('title')} />
        <TextField label="Notice" multiline {...form.field('body')} />
        <div className={w.formActions}>
          <Button type="submit">Pin notice</Button>
        </div>
      </form>
      {notices.length === 0 ? <p className={w.muted}>Nothing pinned yet.</p> : null}
      <ul className={s.feed} aria-label="Notices">
        {notices.map((n) => (
          <li key={n.id} className={s.feedItem}>
            <strong>{n.title}</strong>
            <span className={s.feedHead}>
              {n.name} · {dates.dateTime(n.at)}
            </span>
            {n.body ? <span style={{ whiteSpace: 'pre-wrap' }}>{n.body}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
