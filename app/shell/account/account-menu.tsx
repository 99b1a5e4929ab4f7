import { useRouter } from '@tanstack/react-router';
import { Button, Header, Menu, MenuItem, MenuTrigger, Popover, Section } from 'react-aria-components';
import { useAuth } from '../../data/auth-store';
import { useLogout, useLogoutWarning } from '../../data/session';
import { Avatar } from '../../ui/avatar';
import { usePictureHeld } from '../../kit/data-saver';
import { Button as VukaButton } from '../../ui/button';
import { ModalDialog } from '../../ui/modal-dialog';
import { vars } from '../../ui/theme.css';
import * as s from '../../ui/widgets.css';

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
  // Under data saver the picture waits for a tap on the profile page; the initial stands in meanwhile.
  const avatarHeld = usePictureHeld(user?.profileImage ?? '');
  if (!user) return null;
  const onAction = (key: Item) => {
    if (key === 'logout') void logout();
    // Plain paths: these pages belong to other modules and may not be registered routes yet.
    else router.history.push(targets[key]);
  };
  return (
    <>
      <UnsyncedLogoutDialog logout={logout} />
      <MenuTrigger>
        <Button className={s.avatarButton} aria-label={`Account menu for ${user.name}`}>
          <Avatar name={user.name} image={avatarHeld ? null : user.profileImage} />
        </Button>
        <Popover className={s.popover} placement="bottom end">
          <Menu className={s.menu} onAction={(key) => onAction(toItem(key))}>
            <Section>
              <Header className={s.menuHeader}>
                <strong>{user.name}</strong>
                <br />
                <span>{user.email}</span>
              </Header>
              <MenuItem id="account" className={s.menuItem}>
                My Account
              </MenuItem>
              <MenuItem id="orders" className={s.menuItem}>
                My Orders
              </MenuItem>
              {user.isAdmin ? (
                <MenuItem id="controlhub" className={s.menuItem}>
                  Control Hub
                </MenuItem>
              ) : null}
              <MenuItem id="logout" className={s.menuItem}>
                Logout
              </MenuItem>
            </Section>
          </Menu>
        </Popover>
      </MenuTrigger>
    </>
  );
}

/**
 * DESIGN.md §5: logout with changes still waiting warns instead of clearing them; the person picks
 * syncing first (logout proceeds only at 0), an explicit discard, or staying signed in.
 */
function UnsyncedLogoutDialog({ logout }: { logout: ReturnType<typeof useLogout> }) {
  const { unsynced, busy } = useLogoutWarning();
  const close = () => useLogoutWarning.setState({ unsynced: null });
  const noun = unsynced === 1 ? 'change' : 'changes';
  return (
    <ModalDialog title="Unsynced changes" isOpen={unsynced !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <p>
        You have {unsynced} {noun} that {unsynced === 1 ? "hasn't" : "haven't"} synced yet. Logging out now clears this device's data, so
        they would be lost.
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg }}>
        <VukaButton variant="primary" isPending={busy} onPress={() => void logout()}>
          Sync and log out
        </VukaButton>
        <VukaButton variant="danger" isDisabled={busy} onPress={() => void logout({ discard: true })}>
          Log out and discard changes
        </VukaButton>
        <VukaButton variant="secondary" isDisabled={busy} onPress={close}>
          Cancel
        </VukaButton>
      </div>
    </ModalDialog>
  );
}

function toItem(key: string | number): Item {
  return key === 'orders' || key === 'controlhub' || key === 'logout' ? key : 'account';
}
