import { useState, type FormEvent } from 'react';
import { plannerComment, type PlannerItem } from '../../../schema/planner';
import { useAuth } from '../../data/auth-store';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import * as p from './planner.css';
import { addPlannerComment } from './use-planner';
import { useWorkspaceDates } from '../workspaces/date-format';

/** spec §3 planner_comments, embedded in the item: read them and add one (offline too). */
export function PlannerComments({ data, item }: { data: UserData; item: PlannerItem }) {
  const { user } = useAuth();
  const dates = useWorkspaceDates();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const list = item.comments ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = plannerComment.safeParse({
      id: crypto.randomUUID(),
      body,
      author_name: user?.full_name,
      created_at: new Date().toISOString(),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await addPlannerComment(data, item.id, parsed.data);
    setBody('');
  };

  return (
    <section aria-labelledby="planner-comments-title" className={w.stack}>
      <h3 id="planner-comments-title" className={w.sectionTitle}>
        Comments
      </h3>
      {list.length === 0 ? <p className={w.muted}>No comments yet.</p> : null}
      {list.length > 0 ? (
        <ul className={p.comments} aria-label="Comments">
          {list.map((c) => (
            <li key={c.id} className={p.comment}>
              <p className={[w.muted, w.small].join(' ')}>
                {c.author_name ?? 'Someone'} · {dates.dateTime(c.created_at)}
              </p>
              <p style={{ margin: 0 }}>{c.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a comment" className={w.stack}>
        <TextField label="New comment" multiline value={body} onChange={setBody} error={error} name="comment" />
        <div className={w.formActions}>
          <Button type="submit" variant="secondary">
            Add comment
          </Button>
        </div>
      </form>
    </section>
  );
}
