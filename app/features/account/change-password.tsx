import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { authContract } from '../../../schema/contract/auth';
import { fieldErrors } from '../../../schema/http';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { firstFieldErrors, firstOf, serverMessage } from '../workspaces/workspace-queries';
import * as s from '../../ui/page.css';

const schema = authContract.changePassword.body;

/** Change password: current one, new one twice (spec §5 length and match messages). */
export function ChangePassword() {
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (body: z.input<typeof schema>) => call(authContract.changePassword, { body }),
    onSuccess: (res) => {
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast({ title: 'Password changed', description: res.message, variant: 'success' });
    },
    onError: (error) => {
      setErrors(firstFieldErrors(error));
      toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' });
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = schema.safeParse({ currentPassword: current, password, confirmPassword: confirm });
    if (!parsed.success) {
      setErrors(firstOf(fieldErrors(parsed.error)));
      return;
    }
    setErrors({});
    change.mutate(parsed.data);
  }

  if (user && !user.hasPassword) {
    return (
      <Card aria-labelledby="password-title">
        <h2 className={s.sectionTitle} id="password-title">
          Password
        </h2>
        <p className={s.muted}>
          You sign in with Facebook or X, so your account has no password yet. To add one,{' '}
          <Link to="/auth" search={{ tab: 'reset-password' }}>
            request a password reset email
          </Link>
          .
        </p>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="password-title">
      <h2 className={s.sectionTitle} id="password-title">
        Change password
      </h2>
      <Form className={s.stack} onSubmit={submit} validationBehavior="aria">
        <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} error={errors.currentPassword} />
        <TextField label="New password" type="password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirmPassword} />
        <div className={s.formActions}>
          <Button type="submit" isPending={change.isPending}>
            Change password
          </Button>
        </div>
      </Form>
    </Card>
  );
}
