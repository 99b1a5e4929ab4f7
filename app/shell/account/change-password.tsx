import { Link } from '@tanstack/react-router';
import { Form } from 'react-aria-components';
import { authContract } from '../../../schema/auth/contract';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from '../../ui/page.css';

const schema = authContract.changePassword.body;

/** Change password: current one, new one twice (spec §5 length and match messages). */
export function ChangePassword() {
  const { user } = useAuth();
  const form = useZodForm(schema, { currentPassword: '', password: '', confirmPassword: '' });
  const submit = form.handleSubmit(
    async (body) => {
      const res = await call(authContract.changePassword, { body });
      form.reset();
      toast({ title: 'Password changed', description: res.message, variant: 'success' });
    },
    { onError: (error) => toast({ title: 'Update failed', description: serverMessage(error), variant: 'destructive' }) },
  );

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
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <div className={s.formActions}>
          <Button type="submit" isPending={form.submitting}>
            Change password
          </Button>
        </div>
      </Form>
    </Card>
  );
}
