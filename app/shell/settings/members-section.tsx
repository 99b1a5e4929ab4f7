import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { workspacesContract as c } from '../../../schema/workspaces/contract';
import { invitationCreate, type MemberDto, type WorkspaceDto } from '../../../schema/workspaces/workspaces';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { Notice } from '../../ui/feedback';
import { SelectField } from '../../ui/form-controls';
import { roleLabel } from '../workspaces/plan-label';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage, useMembers, workspaceKeys } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';

type InviteRole = 'admin' | 'member';
const inviteRoles: ReadonlyArray<{ value: InviteRole; label: string }> = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

/** Members and invitations. Owners and admins manage them; members see the list only. */
export function MembersSection({ workspace }: { workspace: WorkspaceDto }) {
  const members = useMembers(workspace.id);
  const canManage = workspace.role === 'owner' || workspace.role === 'admin';
  const [toRemove, setToRemove] = useState<MemberDto | null>(null);

  return (
    <Card aria-labelledby="members-title">
      <h2 className={s.sectionTitle} id="members-title">
        Members
      </h2>
      <div className={s.stack}>
        {canManage ? <InviteForm workspaceId={workspace.id} /> : <p className={s.muted}>Only owners and admins can change members.</p>}
        {members.isPending ? (
          <Spinner label="Loading members" />
        ) : members.isError ? (
          <Notice tone="error" title="Could not load members">
            <p className={s.muted}>{serverMessage(members.error)}</p>
          </Notice>
        ) : members.data.length === 0 ? (
          <p className={s.muted}>No members yet.</p>
        ) : (
          <ul className={s.list} aria-label="Members">
            {members.data.map((m) => (
              <MemberRow key={m.id} member={m} workspaceId={workspace.id} canManage={canManage} onRemove={() => setToRemove(m)} />
            ))}
          </ul>
        )}
      </div>
      <RemoveMemberDialog workspaceId={workspace.id} member={toRemove} onClose={() => setToRemove(null)} />
    </Card>
  );
}

function InviteForm({ workspaceId }: { workspaceId: number }) {
  const queryClient = useQueryClient();
  const initial: { email: string; role: InviteRole } = { email: '', role: 'member' };
  const form = useZodForm(invitationCreate, initial);
  const invite = useMutation({
    mutationFn: (body: { email: string; role: InviteRole }) => call(c.invite, { params: { id: workspaceId }, body }),
    onSuccess: async (member) => {
      form.set('email', '');
      toast({ title: 'Invitation sent', description: `${member.email} has been invited to join.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
    },
  });
  const submit = form.handleSubmit((body) => invite.mutateAsync(body), {
    onError: (error) => toast({ title: 'Invitation failed', description: serverMessage(error), variant: 'destructive' }),
  });

  return (
    <Form className={s.stack} onSubmit={submit} validationBehavior="aria" aria-label="Invite a member">
      <div className={s.pairGrid}>
        <TextField label="Invite by email" type="email" {...form.field('email')} />
        <SelectField
          label="Role"
          value={form.values.role}
          options={inviteRoles}
          onChange={(v) => form.set('role', v)}
          error={form.errors.role}
        />
      </div>
      <div className={s.formActions}>
        <Button type="submit" isPending={form.submitting}>
          Send invitation
        </Button>
      </div>
    </Form>
  );
}

function MemberRow({
  member: m,
  workspaceId,
  canManage,
  onRemove,
}: {
  member: MemberDto;
  workspaceId: number;
  canManage: boolean;
  onRemove: () => void;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const isMe = user !== null && m.user_id === user.id;
  const changeRole = useMutation({
    mutationFn: (role: InviteRole) => call(c.updateMember, { params: { id: workspaceId, memberId: m.id }, body: { role } }),
    onSuccess: async () => {
      toast({ title: 'Member updated', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
    },
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });
  const editable = canManage && m.role !== 'owner' && !isMe;

  return (
    <li className={s.listItem}>
      <div className={s.itemMain}>
        <p className={s.factValue}>
          {m.full_name ?? m.email}
          {isMe ? ' (you)' : ''}
        </p>
        {m.full_name ? <span className={`${s.muted} ${s.small}`}>{m.email}</span> : null}
        <div className={s.row}>
          {editable ? null : <span className={s.badge.neutral}>{roleLabel(m.role)}</span>}
          {m.status === 'invited' ? <span className={s.badge.accent}>Invitation pending</span> : null}
        </div>
      </div>
      {editable ? (
        <div className={s.row}>
          <div>
            <SelectField
              label={`Role of ${m.full_name ?? m.email}`}
              hideLabel
              value={m.role === 'admin' ? 'admin' : 'member'}
              options={inviteRoles}
              onChange={(role) => changeRole.mutate(role)}
              isDisabled={changeRole.isPending}
            />
          </div>
          <Button variant="secondary" onPress={onRemove} aria-label={`Remove ${m.full_name ?? m.email}`}>
            Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function RemoveMemberDialog({ workspaceId, member, onClose }: { workspaceId: number; member: MemberDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (memberId: number) => call(c.removeMember, { params: { id: workspaceId, memberId } }),
    onSuccess: async () => {
      toast({ title: 'Member removed', variant: 'success' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) });
    },
    onError: (error) => toast({ title: 'Delete failed', description: serverMessage(error), variant: 'destructive' }),
  });
  return (
    <ModalDialog title="Remove member?" isOpen={member !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <div className={s.dialogBody}>
        <p className={s.muted}>
          {member?.status === 'invited' ? 'The invitation to ' : ''}
          <strong>{member?.full_name ?? member?.email}</strong>
          {member?.status === 'invited' ? ' will be withdrawn.' : ' will lose access to this workspace.'}
        </p>
        <div className={s.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" isPending={remove.isPending} onPress={() => member && remove.mutate(member.id)}>
            Remove
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
