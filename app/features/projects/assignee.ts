import type { ProjectMemberDto } from '../../../schema/projects/projects';

/** What a task shows for a person who has left the project but is still its assignee. */
export const formerMember = 'A former member';

/**
 * The assignee as the reader sees them: "You" for their own tasks, a member's name, or
 * `formerMember` once the person is no longer on the project (the task keeps them until reassigned).
 */
export function assigneeLabel(members: readonly ProjectMemberDto[], meId: number, assignee: number | null): string | null {
  if (assignee === null) return null;
  if (assignee === meId) return 'You';
  return members.find((m) => m.user_id === assignee)?.name ?? formerMember;
}

/** The assignee picker: nobody, each member, and a former member only while the task still names one. */
export function assigneeOptions(members: readonly ProjectMemberDto[], assignee: number | null) {
  return [
    { value: 'none', label: 'Nobody' },
    ...members.map((m) => ({ value: String(m.user_id), label: m.name })),
    ...(assignee !== null && !members.some((m) => m.user_id === assignee) ? [{ value: String(assignee), label: formerMember }] : []),
  ];
}
