import { describe, expect, it } from 'vitest';
import type { ProjectMemberDto } from '../../../schema/projects/projects';
import { assigneeLabel, assigneeOptions, formerMember } from './assignee';

const thandi: ProjectMemberDto = { user_id: 1, name: 'Thandi', email: 'thandi@example.test', role: 'owner' };
const sipho: ProjectMemberDto = { user_id: 2, name: 'Sipho', email: 'sipho@example.test', role: 'member' };

describe('task assignees', () => {
  it('the picker offers nobody and every project member', () => {
    expect(assigneeOptions([thandi, sipho], null)).toEqual([
      { value: 'none', label: 'Nobody' },
      { value: '1', label: 'Thandi' },
      { value: '2', label: 'Sipho' },
    ]);
  });

  it('a person removed from the project is no longer offered, but a task still assigned to them keeps them as a former member', () => {
    expect(assigneeOptions([thandi], null).map((o) => o.label)).toEqual(['Nobody', 'Thandi']);
    expect(assigneeOptions([thandi], 2)).toEqual([
      { value: 'none', label: 'Nobody' },
      { value: '1', label: 'Thandi' },
      { value: '2', label: formerMember },
    ]);
    expect(assigneeLabel([thandi], 1, 2)).toBe(formerMember);
  });

  it('the assignee reads "You" on their own tasks and their name for others', () => {
    expect(assigneeLabel([thandi, sipho], 2, 2)).toBe('You');
    expect(assigneeLabel([thandi, sipho], 1, 2)).toBe('Sipho');
    expect(assigneeLabel([thandi, sipho], 1, null)).toBeNull();
  });
});
