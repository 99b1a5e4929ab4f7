import { useRouter } from '@tanstack/react-router';
import { Button, Header, Menu, MenuItem, MenuTrigger, Popover, Section } from 'react-aria-components';
import { useAuth } from '../data/auth-store';
import { useLogout } from '../data/session';
import { Avatar } from './avatar';
import * as s from './widgets.css';

type Item = 'account' | 'orders' | 'controlhub' | 'logout';
const targets = { account: '/account', orders: '/orders', controlhub: '/controlhub' } as const;

/**
 * The signed-in avatar menu (spec §2): My Account, My Orders, Control Hub (admins only), Logout.
 * Renders nothing for a signed-out visitor; headers show their Sign In link instead.
 */
export function AccountMenu() {
  const { user } = useAuth();
  const router = useRouter();
  const logout = useLogout();
  if (!user) return null;
  const onAction = (key: Item) => {
    if (key === 'logout') void logout();
    // Plain paths: these pages belong to other modules and may not be registered routes yet.
    else router.history.push(targets[key]);
  };
  return (
    <MenuTrigger>
      <Button className={s.avatarButton} aria-label={`Account menu for ${user.name}`}>
        <Avatar name={user.name} image={user.profileImage} />
      </Button>
      <Popover className={s.popover} placement="bottom end">
        <Menu className={s.menu} onAction={(key) => onAction(toItem(key))}>
          <Section>
            <Header className={s.menuHeader}>
              <strong>{user.name}</strong>
              <br />
              <span>{user.email}</span>
            </Header>
            <MenuItem id="account" className={s.menuItem}>My Account</MenuItem>
            <MenuItem id="orders" className={s.menuItem}>My Orders</MenuItem>
            {user.isAdmin ? <MenuItem id="controlhub" className={s.menuItem}>Control Hub</MenuItem> : null}
            <MenuItem id="logout" className={s.menuItem}>Logout</MenuItem>
          </Section>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function toItem(key: string | number): Item {
  return key === 'orders' || key === 'controlhub' || key === 'logout' ? key : 'account';
}
