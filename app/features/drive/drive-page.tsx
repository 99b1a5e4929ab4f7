import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DropZone, Input, Label, SearchField, isFileDropItem } from 'react-aria-components';
import { TRASH_DAYS, type DriveFileDto, type DriveFolderDto } from '../../../schema/drive/drive';
import { Button } from '../../ui/button';
import * as c from '../../ui/controls.css';
import { EmptyState, LoadError } from '../../ui/feedback';
import { PageSpinner } from '../../ui/spinner';
import * as w from '../../ui/page.css';
import { OnlineOnly } from '../../shell/pwa/online-only';
import { useOnline } from '../../kit/online';
import { largeTransferAllowed, onUnmeteredNetwork, useDataSaver } from '../../kit/data-saver';
import { serverMessage } from '../../kit/workspace-queries';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MoveDialog, NameDialog, ShareDialog } from './drive-dialogs';
import { FileRow, FolderRow, TrashedFileRow, TrashedFolderRow } from './drive-rows';
import * as s from './drive.css';
import { UploadButtons, UploadList } from './upload-panel';
import { UsageBar } from './usage-bar';
import { useUploadQueue } from './upload-queue';
import {
  contentUrl,
  driveCalls,
  formatBytes,
  driveKeys,
  useDriveAction,
  useDriveListing,
  useDriveUsage,
  type DriveView,
} from './use-drive';

const route = getRouteApi('/protected/workspace/$workspaceId/drive');

type Target = { type: 'file'; item: DriveFileDto } | { type: 'folder'; item: DriveFolderDto };
type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; target: Target }
  | { kind: 'move'; target: Target }
  | { kind: 'share'; file: DriveFileDto }
  | { kind: 'trashFolder'; folder: DriveFolderDto }
  | { kind: 'deleteForever'; file: DriveFileDto }
  | { kind: 'largeDownload'; file: DriveFileDto; inline: boolean };

function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

/** /workspace/{id}/drive: the workspace's files and folders (online only; uploads queue offline). */
export function DrivePage() {
  const { workspaceId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const online = useOnline();
  const queryClient = useQueryClient();
  const finished = useUploadQueue((q) => q.finished);
  const add = useUploadQueue((q) => q.add);
  const [query, setQuery] = useState(search.q ?? '');

  const view: DriveView = search.trash
    ? { kind: 'trash' }
    : search.q
      ? { kind: 'search', q: search.q }
      : { kind: 'folder', folderId: search.folder ?? null };
  const folderId = view.kind === 'folder' ? view.folderId : null;

  // A file that lands changes the listing and the usage.
  useEffect(() => {
    if (finished > 0) void queryClient.invalidateQueries({ queryKey: driveKeys.all(workspaceId) });
  }, [finished, queryClient, workspaceId]);

  const upload = (files: File[]) => add(files, workspaceId, folderId);
  const go = (next: { folder?: string; trash?: '1'; q?: string }) => void navigate({ search: next });

  return (
    <DropZone
      className={s.dropZone}
      aria-label="Drop files here to upload them"
      onDrop={(e) => {
        void Promise.all(e.items.filter(isFileDropItem).map((item) => item.getFile())).then((files) => {
          if (files.length > 0) upload(files);
        });
      }}
    >
      <section className={[w.page, s.pageFit].join(' ')} aria-labelledby="drive-title">
        <div className={w.pageHeader}>
          <h1 id="drive-title" className={w.title}>
            {view.kind === 'trash' ? 'Trash' : 'Drive'}
          </h1>
          <div className={s.toolbar}>
            {view.kind === 'trash' ? (
              <Button variant="secondary" onPress={() => go({})}>
                Back to Drive
              </Button>
            ) : (
              <>
                <UploadButtons onFiles={upload} />
                {online ? (
                  <Button variant="secondary" onPress={() => go({ trash: '1' })}>
                    Trash
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </div>
        <UploadList workspaceId={workspaceId} />
        <OnlineOnly what="The drive">
          <DriveBody workspaceId={workspaceId} view={view} query={query} setQuery={setQuery} go={go} />
        </OnlineOnly>
      </section>
    </DropZone>
  );
}

function DriveBody({
  workspaceId,
  view,
  query,
  setQuery,
  go,
}: {
  workspaceId: number;
  view: DriveView;
  query: string;
  setQuery: (q: string) => void;
  go: (next: { folder?: string; trash?: '1'; q?: string }) => void;
}) {
  const listing = useDriveListing(workspaceId, view, true);
  const usage = useDriveUsage(workspaceId, true);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const saverOn = useDataSaver();
  const close = () => setDialog(null);
  const ws = workspaceId;
  const folderId = view.kind === 'folder' ? view.folderId : null;

  const trash = useDriveAction(ws, (id: string) => driveCalls.trashFile(ws, id), 'Moved to trash');
  const restore = useDriveAction(ws, (id: string) => driveCalls.restoreFile(ws, id), 'File restored');
  const restoreFolder = useDriveAction(ws, (id: string) => driveCalls.restoreFolder(ws, id), 'Folder restored with its contents');
  const destroy = useDriveAction(ws, (id: string) => driveCalls.deleteFile(ws, id), 'File deleted forever');
  const trashFolder = useDriveAction(ws, (id: string) => driveCalls.deleteFolder(ws, id), 'Folder moved to trash');
  const createFolder = useDriveAction(ws, (name: string) => driveCalls.createFolder(ws, name, folderId), 'Folder created');
  const rename = useDriveAction(
    ws,
    ({ target, name }: { target: Target; name: string }): Promise<unknown> =>
      target.type === 'file' ? driveCalls.renameFile(ws, target.item.id, name) : driveCalls.renameFolder(ws, target.item.id, name),
    'Renamed',
  );
  const move = useDriveAction(
    ws,
    ({ target, to }: { target: Target; to: string | null }): Promise<unknown> =>
      target.type === 'file' ? driveCalls.moveFile(ws, target.item.id, to) : driveCalls.moveFolder(ws, target.item.id, to),
    'Moved',
  );

  const data = listing.data;
  const empty = data && data.folders.length === 0 && data.files.length === 0;
  return (
    <div className={w.stack}>
      {usage.data ? <UsageBar used={usage.data.used_bytes} quota={usage.data.quota_bytes} /> : null}
      {view.kind !== 'trash' ? (
        <form
          className={s.toolbar}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const q = query.trim();
            go(q ? { q } : {});
          }}
        >
          <SearchField
            value={query}
            onChange={setQuery}
            onClear={() => go({})}
            className={[c.field, s.searchField].join(' ')}
            aria-label="Search the drive by name"
          >
            <Label className={w.visuallyHidden}>Search the drive by name</Label>
            <Input className={c.input} placeholder="Search by name…" />
          </SearchField>
          {view.kind === 'folder' ? (
            <Button variant="secondary" onPress={() => setDialog({ kind: 'newFolder' })}>
              New folder
            </Button>
          ) : null}
        </form>
      ) : null}
      {view.kind === 'folder' ? (
        <nav aria-label="Folders">
          <ol className={s.breadcrumbs}>
            <li>
              <a
                className={s.crumbLink}
                href="#"
                onClick={(e) => (e.preventDefault(), go({}))}
                aria-current={data?.folder ? undefined : 'page'}
              >
                Drive
              </a>
            </li>
            {(data?.path ?? []).map((f) => (
              <li key={f.id}>
                /{' '}
                <a
                  className={s.crumbLink}
                  href="#"
                  onClick={(e) => (e.preventDefault(), go({ folder: f.id }))}
                  aria-current={f.id === data?.folder?.id ? 'page' : undefined}
                >
                  {f.name}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {view.kind === 'search' ? <p className={w.muted}>Results for “{view.q}”</p> : null}
      {view.kind === 'trash' ? <p className={w.muted}>Files in the trash are deleted for good after {TRASH_DAYS} days.</p> : null}
      {listing.isPending ? <PageSpinner label="Loading the drive…" /> : null}
      {listing.error ? (
        <LoadError title="The drive could not be loaded" message={serverMessage(listing.error)} onRetry={() => void listing.refetch()} />
      ) : null}
      {empty ? (
        <EmptyState
          title={
            view.kind === 'trash' ? 'The trash is empty' : view.kind === 'search' ? 'Nothing matches your search' : 'No files here yet'
          }
        >
          {view.kind === 'folder' ? <p className={w.muted}>Upload files with the button above, or drop them on this page.</p> : null}
        </EmptyState>
      ) : null}
      {data && !empty ? (
        <ul className={w.list} aria-label={view.kind === 'trash' ? 'Trash' : 'Files and folders'}>
          {view.kind === 'trash'
            ? topTrashedFolders(data.folders).map((f) => (
                <TrashedFolderRow key={f.id} folder={f} onRestore={() => restoreFolder.mutate(f.id)} />
              ))
            : null}
          {view.kind === 'trash'
            ? data.files.map((f) => (
                <TrashedFileRow
                  key={f.id}
                  file={f}
                  workspaceId={ws}
                  onRestore={() => restore.mutate(f.id)}
                  onDelete={() => setDialog({ kind: 'deleteForever', file: f })}
                />
              ))
            : null}
          {view.kind !== 'trash'
            ? data.folders.map((f) => (
                <FolderRow
                  key={f.id}
                  folder={f}
                  onOpen={() => go({ folder: f.id })}
                  onAction={(a) => {
                    const target: Target = { type: 'folder', item: f };
                    if (a === 'rename') setDialog({ kind: 'rename', target });
                    else if (a === 'move') setDialog({ kind: 'move', target });
                    else setDialog({ kind: 'trashFolder', folder: f });
                  }}
                />
              ))
            : null}
          {view.kind !== 'trash'
            ? data.files.map((f) => (
                <FileRow
                  key={f.id}
                  file={f}
                  workspaceId={ws}
                  onAction={(a) => {
                    const target: Target = { type: 'file', item: f };
                    // Data saver: a large file off Wi-Fi is fetched only once the person says so.
                    const held =
                      (a === 'open' || a === 'download') &&
                      !largeTransferAllowed({ size: f.size_bytes, asked: false, saver: saverOn, unmetered: onUnmeteredNetwork() });
                    if (held) setDialog({ kind: 'largeDownload', file: f, inline: a === 'open' });
                    else if (a === 'open') window.open(contentUrl(ws, f.id, 'inline'), '_blank', 'noopener');
                    else if (a === 'download') download(contentUrl(ws, f.id));
                    else if (a === 'rename') setDialog({ kind: 'rename', target });
                    else if (a === 'move') setDialog({ kind: 'move', target });
                    else if (a === 'share') setDialog({ kind: 'share', file: f });
                    else trash.mutate(f.id);
                  }}
                />
              ))
            : null}
        </ul>
      ) : null}

      {dialog?.kind === 'newFolder' ? (
        <NameDialog
          title="New folder"
          label="Folder name"
          initial=""
          submitLabel="Create folder"
          onSubmit={(name) => createFolder.mutateAsync(name)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={`Rename ${dialog.target.item.name}`}
          label="New name"
          initial={dialog.target.item.name}
          submitLabel="Rename"
          onSubmit={(name) => rename.mutateAsync({ target: dialog.target, name })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          workspaceId={ws}
          name={dialog.target.item.name}
          exclude={dialog.target.type === 'folder' ? dialog.target.item.id : undefined}
          onMove={(to) => move.mutateAsync({ target: dialog.target, to })}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'share' ? <ShareDialog workspaceId={ws} file={dialog.file} onClose={close} /> : null}
      {dialog?.kind === 'trashFolder' ? (
        <ConfirmDialog
          title={`Move ${dialog.folder.name} to the trash?`}
          text="The folder and everything in it go to the trash."
          confirmLabel="Move to trash"
          onConfirm={() => trashFolder.mutate(dialog.folder.id)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'largeDownload' ? (
        <ConfirmDialog
          title={`${dialog.inline ? 'Open' : 'Download'} ${dialog.file.name} on mobile data?`}
          text={`Data saver is on and this device is not on Wi-Fi. The file is ${formatBytes(dialog.file.size_bytes)}.`}
          confirmLabel={dialog.inline ? 'Open now' : 'Download now'}
          onConfirm={() => {
            if (dialog.inline) window.open(contentUrl(ws, dialog.file.id, 'inline'), '_blank', 'noopener');
            else download(contentUrl(ws, dialog.file.id));
          }}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'deleteForever' ? (
        <ConfirmDialog
          title={`Delete ${dialog.file.name} forever?`}
          text="The file is deleted for good and its share links stop working. This cannot be undone."
          confirmLabel="Delete forever"
          onConfirm={() => destroy.mutate(dialog.file.id)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

/** Trashed folders not inside another trashed folder (restoring the outer one brings them back). */
function topTrashedFolders(folders: readonly DriveFolderDto[]): DriveFolderDto[] {
  const ids = new Set(folders.map((f) => f.id));
  return folders.filter((f) => f.parent_id === null || !ids.has(f.parent_id));
}
