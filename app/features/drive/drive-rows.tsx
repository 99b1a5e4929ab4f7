import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { DriveFileDto, DriveFolderDto } from '../../../schema/drive/drive';
import { opensInBrowser } from '../../../schema/drive/drive';
import { Button } from '../../ui/button';
import * as wg from '../../ui/widgets.css';
import { showPicture, usePictureHeld } from '../../kit/data-saver';
import { useWorkspaceDates } from '../../kit/date-format';
import * as s from './drive.css';
import { formatBytes, thumbnailUrl } from './use-drive';

export type FileAction = 'open' | 'download' | 'rename' | 'move' | 'share' | 'trash';
export type FolderAction = 'rename' | 'move' | 'delete';

/** The short label a file without a preview shows in place of one: its extension. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : 'FILE';
}

function RowMenu<K extends string>({
  label,
  items,
  onAction,
}: {
  label: string;
  items: readonly [K, string][];
  onAction: (key: K) => void;
}) {
  return (
    <MenuTrigger>
      <AriaButton className={s.menuButton} aria-label={label}>
        ⋯
      </AriaButton>
      <Popover className={wg.popover} placement="bottom end">
        <Menu
          className={wg.menu}
          onAction={(key) => {
            const found = items.find(([k]) => k === key);
            if (found) onAction(found[0]);
          }}
        >
          {items.map(([key, text]) => (
            <MenuItem key={key} id={key} className={wg.menuItem}>
              {text}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

const folderItems: readonly [FolderAction, string][] = [
  ['rename', 'Rename'],
  ['move', 'Move'],
  ['delete', 'Move to trash'],
];
const fileItems: readonly [FileAction, string][] = [
  ['download', 'Download'],
  ['rename', 'Rename'],
  ['move', 'Move'],
  ['share', 'Share link'],
  ['trash', 'Move to trash'],
];

export function FolderRow({
  folder,
  onOpen,
  onAction,
}: {
  folder: DriveFolderDto;
  onOpen: () => void;
  onAction: (a: FolderAction) => void;
}) {
  const dates = useWorkspaceDates();
  return (
    <li className={s.row} data-testid="drive-folder">
      <span className={s.thumb} aria-hidden="true">
        DIR
      </span>
      <div className={s.rowMain}>
        <AriaButton className={s.folderButton} onPress={onOpen}>
          {folder.name}
        </AriaButton>
        <p className={s.rowMeta}>Folder · {dates.date(folder.created_at)}</p>
      </div>
      <RowMenu label={`Actions for ${folder.name}`} items={folderItems} onAction={onAction} />
    </li>
  );
}

export function FileRow({ file, workspaceId, onAction }: { file: DriveFileDto; workspaceId: number; onAction: (a: FileAction) => void }) {
  const dates = useWorkspaceDates();
  return (
    <li className={s.row} data-testid="drive-file">
      <FileThumb file={file} workspaceId={workspaceId} />
      <div className={s.rowMain}>
        <p className={s.rowName} title={file.name}>
          {file.name}
        </p>
        <p className={s.rowMeta}>
          {formatBytes(file.size_bytes)} · {dates.date(file.created_at)}
        </p>
      </div>
      <RowMenu
        label={`Actions for ${file.name}`}
        items={opensInBrowser(file.mime_type) ? [['open', 'Open'], ...fileItems] : fileItems}
        onAction={onAction}
      />
    </li>
  );
}

/** A folder in the trash: restoring it brings back what went in with it. */
export function TrashedFolderRow({ folder, onRestore }: { folder: DriveFolderDto; onRestore: () => void }) {
  const dates = useWorkspaceDates();
  return (
    <li className={[s.row, s.wrapRow].join(' ')} data-testid="drive-folder">
      <span className={s.thumb} aria-hidden="true">
        DIR
      </span>
      <div className={s.rowMain}>
        <p className={s.rowName} title={folder.name}>
          {folder.name}
        </p>
        <p className={s.rowMeta}>Folder · trashed {dates.date(folder.deleted_at)}</p>
      </div>
      <div className={s.rowActions}>
        <Button variant="secondary" onPress={onRestore} aria-label={`Restore ${folder.name}`}>
          Restore
        </Button>
      </div>
    </li>
  );
}

export function TrashedFileRow({
  file,
  workspaceId,
  onRestore,
  onDelete,
}: {
  file: DriveFileDto;
  workspaceId: number;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const dates = useWorkspaceDates();
  return (
    <li className={[s.row, s.wrapRow].join(' ')} data-testid="drive-file">
      <FileThumb file={file} workspaceId={workspaceId} />
      <div className={s.rowMain}>
        <p className={s.rowName} title={file.name}>
          {file.name}
        </p>
        <p className={s.rowMeta}>
          {formatBytes(file.size_bytes)} · trashed {dates.date(file.trashed_at)}
        </p>
      </div>
      <div className={s.rowActions}>
        <Button variant="secondary" onPress={onRestore} aria-label={`Restore ${file.name}`}>
          Restore
        </Button>
        <Button variant="danger" onPress={onDelete} aria-label={`Delete forever ${file.name}`}>
          Delete forever
        </Button>
      </div>
    </li>
  );
}

/** A file's preview, 48 px square: its thumbnail (under data saver, a tap to show it), else its extension. */
export function FileThumb({ file, workspaceId }: { file: DriveFileDto; workspaceId: number }) {
  const held = usePictureHeld(`thumb:${file.id}`);
  if (file.has_thumbnail && held)
    return (
      <button
        type="button"
        className={s.thumb}
        onClick={() => showPicture(`thumb:${file.id}`)}
        aria-label={`Show preview of ${file.name}`}
        data-testid="drive-thumb-held"
      >
        {extensionOf(file.name)}
      </button>
    );
  if (file.has_thumbnail)
    return (
      <img
        className={s.thumb}
        src={thumbnailUrl(workspaceId, file.id)}
        alt=""
        loading="lazy"
        width={48}
        height={48}
        data-testid="drive-thumb"
      />
    );
  return (
    <span className={s.thumb} aria-hidden="true">
      {extensionOf(file.name)}
    </span>
  );
}
