import { plannerComment, type PlannerItem } from '../../../schema/planner/planner';
import { useAuth } from '../../data/auth-store';
import type { UserData } from '../../data/db';
import { Button } from '../../ui/button';
import { FormFailure } from '../../ui/form-actions';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import * as p from './planner.css';
import { addPlannerComment } from './use-planner';
import { useWorkspaceDates } from '../../kit/date-format';
import { useZodForm } from '../../kit/forms/use-zod-form';

/** spec §3 planner_comments, embedded in the item: read them and add one (offline too). */
export function PlannerComments({ data, item }: { data: UserData; item: PlannerItem }) {
  const { user } = useAuth();
  const dates = useWorkspaceDates();
  const list = item.comments ?? [];
  // The comment's own schema: id, author and time are added here, the person types only the body.
  const form = useZodForm(
    plannerComment,
    { body: '' },
    { toInput: (v) => ({ ...v, id: crypto.randomUUID(), author_name: user?.full_name, created_at: new Date().toISOString() }) },
  );
  const submit = form.handleSubmit(async (comment) => {
    await addPlannerComment(data, item.id, comment);
    form.reset({ body: '' });
  });

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
      <form onSubmit={submit} noValidate aria-label="Add a comment" className={w.stack}>
        <TextField label="New comment" multiline {...form.field('body')} name="comment" />
        <FormFailure lead="The comment was not saved" message={form.failure} />
        <div className={w.formActions}>
          <Button type="submit" variant="secondary" isPending={form.submitting}>
            Add comment
          </Button>
        </div>
      </form>
    </section>
  );
}
