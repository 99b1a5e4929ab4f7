import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UserDto } from '../../../schema/accounts/accounts';
import { useAuth } from '../../data/auth-store';
import { signIn } from '../../data/session';
import { Notice } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import * as s from './auth.css';
import { AuthLayout } from './auth-layout';
import { authTabs, type AuthTab } from './auth-search';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetRequestForm } from './reset-request-form';
import { VerifySocialDialog } from './verify-social-dialog';

const route = getRouteApi('/auth');

function isAuthTab(key: string): key is AuthTab {
  return authTabs.some((t) => t === key);
}

/** /auth (spec §2 Auth page): login, register and reset-password tabs. */
export function AuthPage() {
  const { status } = useAuth();
  const search = route.useSearch();
  const navigate = useNavigate();
  // Set when a form here signs the person in, so this page sends them on itself (to /welcome after
  // registration) instead of the already-signed-in redirect to /controlhub.
  const [handingOff, setHandingOff] = useState(false);
  const tab = search.tab ?? 'login';

  // What the page was opened to come back to (an invitation link, say) goes with every tab change.
  const carried = { plan: search.plan, redirect: search.redirect, email: search.email };
  const selectTab = (next: AuthTab) =>
    void navigate({ to: '/auth', search: { ...carried, tab: next === 'login' ? undefined : next }, replace: true });

  const finish = (user: UserDto, to: '/controlhub' | '/welcome') => {
    setHandingOff(true);
    signIn(user);
    if (search.redirect) void navigate({ href: search.redirect, replace: true });
    else void navigate({ to });
  };

  if (status === 'loading') return <PageSpinner label="Checking authentication..." />;
  if (status === 'authenticated' && !handingOff) {
    return search.redirect ? <ReturnTo href={search.redirect} /> : <Navigate to="/controlhub" replace />;
  }

  return (
    <AuthLayout>
      <h1 className={s.heading}>
        {tab === 'register' ? 'Create your account' : tab === 'reset-password' ? 'Reset your password' : 'Welcome back'}
      </h1>
      {search.redirect?.startsWith('/invitations/accept') ? (
        <Notice tone="info" title="You have been invited to a workspace">
          {tab === 'register'
            ? 'Create your account with the invited email address and you join the workspace straight away.'
            : 'Log in with the invited email address and you join the workspace straight away.'}
        </Notice>
      ) : null}
      <Tabs
        label="Sign in options"
        selectedKey={tab}
        onSelectionChange={(key) => isAuthTab(key) && selectTab(key)}
        tabs={[
          {
            id: 'login',
            title: 'Login',
            content: (
              <LoginForm email={search.email} onSignedIn={(u) => finish(u, '/controlhub')} onRegister={() => selectTab('register')} />
            ),
          },
          {
            id: 'register',
            title: 'Register',
            content: (
              <RegisterForm
                plan={search.plan}
                email={search.email}
                onRegistered={(u) => finish(u, '/welcome')}
                onLogin={() => selectTab('login')}
              />
            ),
          },
          {
            id: 'reset-password',
            title: 'Reset Password',
            content: <ResetRequestForm onBackToLogin={() => selectTab('login')} />,
          },
        ]}
      />
      <VerifySocialDialog
        isOpen={search.social === 'verify'}
        onClose={() => void navigate({ to: '/auth', search: { ...carried, tab: search.tab }, replace: true })}
        onVerified={(u) => finish(u, '/controlhub')}
      />
    </AuthLayout>
  );
}

/** Already signed in: straight on to where the link was going (a checked path of this app). */
function ReturnTo({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href, replace: true });
  }, [navigate, href]);
  return <PageSpinner />;
}
