import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import type { UserDto } from '../../../schema/accounts/accounts';
import { authContract } from '../../../schema/auth/contract';
import { plans } from '../../../schema/billing/plans';
import { call } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { queryClient } from '../../data/query-client';
import { clearUser, useLogout } from '../../data/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormFailure } from '../../ui/form-actions';
import { ModalDialog } from '../../ui/modal-dialog';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast-store';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import { useZodForm } from '../../kit/forms/use-zod-form';
import * as s from '../../ui/page.css';
import { AccountHeader, AccountNav } from './account-header';

/** /account, "My Account": the facts of the account, logging out, and deleting it. */
export function AccountPage() {
  const dates = useWorkspaceDates();
  const { user } = useAuth();
  const logout = useLogout();
  const [deleting, setDeleting] = useState(false);
  if (!user) return <PageSpinner />;
  const facts: Array<[string, string]> = [
    ['Email', user.email],
    ['Email verified', user.verified ? 'Yes' : 'Not yet'],
    ['Credits', String(user.credits)],
    ['Plan', `${plans[user.plan].name} (${plans[user.plan].badge})`],
    ...(user.trialEndsAt ? [['Trial ends', dates.date(user.trialEndsAt)] satisfies [string, string]] : []),
    ['Member since', dates.date(user.created_at)],
  ];

  return (
    <main className={`${s.page} ${s.narrow}`}>
      <AccountHeader title="My Account" />
      <AccountNav />
      <Card aria-labelledby="details-title">
        <h2 className={s.sectionTitle} id="details-title">
          {user.name}
        </h2>
        <dl className={s.facts}>
          {facts.map(([k, v]) => (
            <div key={k} className={s.fact}>
              <dt className={s.muted}>{k}</dt>
              <dd className={s.factValue}>{v}</dd>
            </div>
          ))}
        </dl>
        {user.verified ? null : (
          <p className={s.muted}>
            Check your inbox for the 6-digit code, then <Link to="/welcome">enter it on the welcome page</Link>.
          </p>
        )}
      </Card>
      <Card aria-labelledby="session-title">
        <h2 className={s.sectionTitle} id="session-title">
          Session
        </h2>
        <div className={s.row}>
          <Button variant="secondary" onPress={() => void logout()}>
            Log out
          </Button>
        </div>
      </Card>
      <Card className={s.dangerCard} aria-labelledby="delete-title">
        <h2 className={s.sectionTitle} id="delete-title">
          Delete account
        </h2>
        <div className={s.stack}>
          <p className={s.muted}>This deletes your account and signs you out. Account data is disposed of within 90 days after deletion.</p>
          <div>
            <Button variant="danger" onPress={() => setDeleting(true)}>
              Delete account
            </Button>
          </div>
        </div>
      </Card>
      <DeleteAccountDialog user={user} isOpen={deleting} onClose={() => setDeleting(false)} />
    </main>
  );
}

function DeleteAccountDialog({ user, isOpen, onClose }: { user: UserDto; isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  // The API's own body schema: "Type DELETE to confirm" is its message.
  const form = useZodForm(
    authContract.deleteAccount.body,
    { confirm: '', password: '' },
    { toInput: (v) => ({ confirm: v.confirm, password: user.hasPassword ? v.password : undefined }) },
  );
  const remove = useMutation({
    mutationFn: (body: z.output<typeof authContract.deleteAccount.body>) => call(authContract.deleteAccount, { body }),
    onSuccess: async () => {
      // The session ended with the account: leave protected pages first, then forget everything cached.
      await navigate({ to: '/' });
      queryClient.clear();
      clearUser();
      toast({ title: 'Account deleted', variant: 'success' });
    },
  });
  const submit = form.handleSubmit((body) => remove.mutateAsync(body), {
    onError: (err) => toast({ title: 'Delete failed', description: serverMessage(err), variant: 'destructive' }),
  });

  return (
    <ModalDialog title="Delete your account?" isOpen={isOpen} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <Form className={s.dialogBody} onSubmit={submit} validationBehavior="aria">
        <p className={s.muted}>This cannot be undone. Type DELETE to confirm.</p>
        {user.hasPassword ? (
          <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        ) : null}
        <TextField label="Type DELETE" {...form.field('confirm')} autoComplete="off" />
        <FormFailure lead="Could not delete the account" message={form.failure} />
        <div className={s.formActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isPending={form.submitting} isDisabled={form.values.confirm !== 'DELETE'}>
            Delete account
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
