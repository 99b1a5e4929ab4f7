import { AccountMenu } from './account-menu';
import { LinkButton } from '../../routes/link-button';
import * as s from '../../ui/page.css';
import * as a from './account.css';

/** The top of the account pages: title and the avatar menu. */
export function AccountHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className={s.titleBar}>
      <div>
        <h1 className={s.title}>{title}</h1>
        {intro ? <p className={s.muted}>{intro}</p> : null}
      </div>
      <AccountMenu />
    </header>
  );
}

/** Links between the account pages, and back to the workspaces. */
export function AccountNav() {
  const current = { 'aria-current': 'page' as const, className: a.navCurrent };
  return (
    <nav aria-label="Account" className={a.nav}>
      <LinkButton variant="ghost" to="/account" activeProps={current}>
        My Account
      </LinkButton>
      <LinkButton variant="ghost" to="/profile" activeProps={current}>
        Profile
      </LinkButton>
      <LinkButton variant="ghost" to="/settings" activeProps={current}>
        Settings
      </LinkButton>
      <LinkButton variant="ghost" to="/payment-methods" activeProps={current}>
        Payment methods
      </LinkButton>
      <LinkButton variant="ghost" to="/controlhub">
        My Workspaces
      </LinkButton>
    </nav>
  );
}
