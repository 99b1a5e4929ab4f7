import { useMutation } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { profileUpdate, type UserDto } from '../../../schema/accounts/accounts';
import { authContract } from '../../../schema/auth/contract';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { HeldPicture, PictureField } from '../../kit/pictures/picture-field';
import { usePictureHeld } from '../../kit/data-saver';
import { pictureUrl } from '../../kit/pictures/pictures';
import { lastWorkspaceId } from '../workspaces/last-workspace';
import { serverMessage, useWorkspaces } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';
import { AccountHeader, AccountNav } from './account-header';
import * as a from './account.css';
import { applyUser } from './apply-user';

/** /profile: the person's public details (PATCH /api/auth/user). */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <main className={`${s.page} ${s.narrow}`}>
      <AccountHeader title="Profile" intro="How you appear to your team and customers." />
      <AccountNav />
      <ProfileForm key={user.id} user={user} />
    </main>
  );
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

function ProfileForm({ user }: { user: UserDto }) {
  const form = useZodForm(
    profileUpdate,
    {
      full_name: user.full_name,
      username: user.username ?? '',
      title: user.title ?? '',
      bio: user.bio ?? '',
      phone: user.phone ?? '',
      avatar_url: user.profileImage ?? '',
    },
    {
      toInput: (v) => ({
        full_name: v.full_name,
        username: blankToNull(v.username),
        title: blankToNull(v.title),
        bio: blankToNull(v.bio),
        phone: blankToNull(v.phone),
        avatar_url: blankToNull(v.avatar_url),
      }),
    },
  );
  const fullName = form.values.full_name;
  const avatarUrl = form.values.avatar_url;

  const save = useMutation({
    mutationFn: (body: z.input<typeof profileUpdate>) => call(authContract.updateProfile, { body }),
    onSuccess: (updated) => {
      applyUser(updated);
      toast({ title: 'Profile updated', variant: 'success' });
    },
  });
  const submit = form.handleSubmit((body) => save.mutateAsync(body), {
    onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }),
  });

  // The picture is kept in the drive of the workspace last opened (else the first), like every other picture.
  const workspaces = useWorkspaces().data;
  const pictureWorkspace = workspaces?.find((w) => w.id === lastWorkspaceId()) ?? workspaces?.[0];
  function choosePicture(fileId: string | null) {
    if (!pictureWorkspace) return;
    const url = fileId ? `${window.location.origin}${pictureUrl(pictureWorkspace.id, fileId, 128)}` : '';
    form.set('avatar_url', url);
    save.mutate({ avatar_url: url === '' ? null : url });
  }

  const previewUrl = profileUpdate.shape.avatar_url.safeParse(blankToNull(avatarUrl)).success ? blankToNull(avatarUrl) : null;
  const avatarHeld = usePictureHeld(previewUrl ?? '');
  return (
    <Card>
      <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
        <div className={a.avatarRow}>
          {previewUrl && avatarHeld ? (
            <HeldPicture pictureKey={previewUrl} size={72} label="Profile picture" />
          ) : (
            <span className={a.bigAvatar}>
              <Avatar name={fullName || user.email} image={previewUrl} />
            </span>
          )}
          <div>
            <p className={s.factValue}>{fullName || user.email}</p>
            <p className={`${s.muted} ${s.small}`}>{user.email}</p>
          </div>
        </div>
        <div className={s.pairGrid}>
          <TextField label="Full name" {...form.field('full_name')} isRequired />
          <TextField label="Username" {...form.field('username')} />
          <TextField label="Title" {...form.field('title')} description="For example: Owner, Designer" />
          <TextField label="Phone" type="tel" {...form.field('phone')} />
        </div>
        {pictureWorkspace ? (
          <PictureField
            workspaceId={pictureWorkspace.id}
            purpose="avatar"
            label="Profile picture"
            fileId={null}
            src={previewUrl}
            onChange={choosePicture}
          />
        ) : null}
        <TextField
          label="Avatar URL"
          type="url"
          {...form.field('avatar_url')}
          description="A link to a picture of you; leave empty to show your initial."
        />
        <TextField label="Bio" {...form.field('bio')} multiline />
        <div className={s.formActions}>
          <Button type="submit" isPending={form.submitting}>
            Save profile
          </Button>
        </div>
      </Form>
    </Card>
  );
}
