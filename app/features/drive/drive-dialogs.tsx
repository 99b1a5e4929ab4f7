import { useState, type FormEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { driveName } from '../../../schema/drive/drive';
import type { DriveFileDto } from '../../../schema/drive/drive';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/feedback';
import { ModalDialog } from '../../ui/modal-dialog';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { DateField } from '../../ui/date-fields';
import { toast } from '../../ui/toast-store';
import * as w from '../../ui/page.css';
import { useWorkspaceDates } from '../../kit/date-format';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './drive.css';
import { driveCalls, useDriveAction, useDriveListing, useShareLinks } from './use-drive';

/** Asks for a name (a new folder, or a new name for a file or folder); checked as the server checks it. */
export function NameDialog({
  title,
  label,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = driveName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    onSubmit(parsed.data).then(onClose, (err: unknown) => {
      setBusy(false);
      setError(serverMessage(err));
    });
  };
  return (
    <ModalDialog title={title} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={w.dialogBody} onSubmit={submit}>
        <TextField label={label} value={name} onChange={setName} error={error} autoFocus />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Picks a destination folder by walking the drive from the root; `exclude` (a folder being moved) cannot be entered. */
export function MoveDialog({
  workspaceId,
  name,
  exclude,
  onMove,
  onClose,
}: {
  workspaceId: number;
  name: string;
  exclude?: string;
  onMove: (folderId: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const [at, setAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listing = useDriveListing(workspaceId, { kind: 'folder', folderId: at }, true);
  const here = listing.data?.path ?? [];
  const move = () => {
    setBusy(true);
    onMove(at).then(onClose, () => setBusy(false));
  };
  return (
    <ModalDialog title={`Move ${name}`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className={w.dialogBody}>
        <nav aria-label="Destination folder">
          <ol className={s.breadcrumbs}>
            <li>
              <AriaButton className={s.folderButton} onPress={() => setAt(null)}>
                Drive
              </AriaButton>
            </li>
            {here.map((f) => (
              <li key={f.id}>
                /{' '}
                <AriaButton className={s.folderButton} onPress={() => setAt(f.id)}>
                  {f.name}
                </AriaButton>
              </li>
            ))}
          </ol>
        </nav>
        {listing.isPending ? <Spinner label="Loading folders" /> : null}
        {listing.error ? (
          <LoadError title="Folders could not be loaded" message={serverMessage(listing.error)} onRetry={() => void listing.refetch()} />
        ) : null}
        {listing.data ? (
          <ul className={w.list} aria-label="Folders">
            {listing.data.folders.length === 0 ? <li className={w.muted}>No folders here.</li> : null}
            {listing.data.folders
              .filter((f) => f.id !== exclude)
              .map((f) => (
                <li key={f.id}>
                  <Button variant="secondary" wide onPress={() => setAt(f.id)}>
                    {f.name}
                  </Button>
                </li>
              ))}
          </ul>
        ) : null}
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={move} isPending={busy} isDisabled={!listing.data}>
            Move here
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Share links of one file: make one (optionally expiring), copy it, revoke one. */
export function ShareDialog({ workspaceId, file, onClose }: { workspaceId: number; file: DriveFileDto; onClose: () => void }) {
  const dates = useWorkspaceDates();
  const links = useShareLinks(workspaceId, file.id);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string>();
  const [made, setMade] = useState<string | null>(null);
  const create = useDriveAction(
    workspaceId,
    (expiresAt: string | null) => driveCalls.createLink(workspaceId, file.id, expiresAt),
    'Share link created',
  );
  const revoke = useDriveAction(workspaceId, (linkId: string) => driveCalls.revokeLink(workspaceId, linkId), 'Link revoked');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let expiresAt: string | null = null;
    if (expires) {
      const end = new Date(`${expires}T23:59:59`);
      if (Number.isNaN(end.getTime()) || end.getTime() <= Date.now()) return setError('Pick a day from today on.');
      expiresAt = end.toISOString();
    }
    setError(undefined);
    create.mutate(expiresAt, { onSuccess: (link) => setMade(new URL(link.url, window.location.origin).href) });
  };
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast({ title: 'Link copied', variant: 'success' }),
      () => toast({ title: 'Could not copy', description: 'Select the link and copy it by hand.', variant: 'destructive' }),
    );
  const live = (links.data ?? []).filter((l) => !l.revoked_at);
  return (
    <ModalDialog title={`Share ${file.name}`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <div className={w.dialogBody}>
        <p className={w.muted}>Anyone with the link can download this file, without signing in.</p>
        <form className={w.dialogBody} onSubmit={submit}>
          <DateField label="Expires on (optional)" value={expires} onChange={setExpires} error={error} />
          <Button type="submit" isPending={create.isPending}>
            Create link
          </Button>
        </form>
        {made ? (
          <div className={w.stack} data-testid="new-share-link">
            <p className={w.small}>Copy it now: it is shown only once.</p>
            <p className={s.linkBox}>
              <a href={made} target="_blank" rel="noreferrer">
                {made}
              </a>
            </p>
            <Button variant="secondary" onPress={() => void copy(made)}>
              Copy link
            </Button>
          </div>
        ) : null}
        {live.length > 0 ? (
          <ul className={w.list} aria-label="Active links">
            {live.map((l) => (
              <li key={l.id} className={s.row}>
                <p className={s.rowMeta}>
                  Made {dates.date(l.created_at)} · {l.expires_at ? `expires ${dates.date(l.expires_at)}` : 'never expires'}
                </p>
                <Button variant="secondary" onPress={() => revoke.mutate(l.id)} isPending={revoke.isPending && revoke.variables === l.id}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Done
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
