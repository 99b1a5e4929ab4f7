import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { profileUpdate, type UserDto } from '../../../schema/accounts';
import { authContract } from '../../../schema/contract/auth';
import { fieldErrors } from '../../../schema/http';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { firstFieldErrors, firstOf, serverMessage } from '../workspaces/workspace-queries';
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
  const [fullName, setFullName] = useState(user.full_name);
  const [username, setUsername] = useState(user.username ?? '');
  const [title, setTitle] = useState(user.title ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [avatarUrl, setAvatarUrl] = useState(user.profileImage ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: z.input<typeof profileUpdate>) => call(authContract.updateProfile, { body }),
    onSuccess: (updated) => {
      applyUser(updated);
      toast({ title: 'Profile updated', variant: 'success' });
    },
    onError: (error) => {
      setErrors(firstFieldErrors(error));
      toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = profileUpdate.safeParse({
      full_name: fullName,
      username: blankToNull(username),
      title: blankToNull(title),
      bio: blankToNull(bio),
      phone: blankToNull(phone),
      avatar_url: blankToNull(avatarUrl),
    });
    if (!parsed.success) {
      setErrors(firstOf(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  const previewUrl = profileUpdate.shape.avatar_url.safeParse(blankToNull(avatarUrl)).success ? blankToNull(avatarUrl) : null;
  return (
    <Card>
      <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
        <div className={a.avatarRow}>
          <span className={a.bigAvatar}>
            <Avatar name={fullName || user.email} image={previewUrl} />
          </span>
          <div>
            <p className={s.factValue}>{fullName || user.email}</p>
            <p className={`${s.muted} ${s.small}`}>{user.email}</p>
          </div>
        </div>
        <div className={s.pairGrid}>
          <TextField label="Full name" value={fullName} onChange={setFullName} error={errors.full_name} isRequired maxLength={255} />
          <TextField label="Username" value={username} onChange={setUsername} error={errors.username} maxLength={100} />
          <TextField label="Title" value={title} onChange={setTitle} error={errors.title} description="For example: Owner, Designer" maxLength={255} />
          <TextField label="Phone" type="tel" value={phone} onChange={setPhone} error={errors.phone} maxLength={32} />
        </div>
        <TextField
          label="Avatar URL"
          type="url"
          value={avatarUrl}
          onChange={setAvatarUrl}
          error={errors.avatar_url}
          description="A link to a picture of you; leave empty to show your initial."
          maxLength={2000}
        />
        <TextField label="Bio" value={bio} onChange={setBio} error={errors.bio} multiline maxLength={2000} />
        <div className={s.formActions}>
          <Button type="submit" isPending={save.isPending}>
            Save profile
          </Button>
        </div>
      </Form>
    </Card>
  );
}
