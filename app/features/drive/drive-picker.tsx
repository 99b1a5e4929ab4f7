import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { DriveFileDto } from '../../../schema/drive/drive';
import { isPictureType } from '../../../schema/pictures/pictures';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { serverMessage } from '../../kit/workspace-queries';
import { FileThumb } from './drive-rows';
import { formatBytes, useDriveListing, type DriveView } from './use-drive';
import * as s from './drive-picker.css';

/** What picking a file does, in the words of the screen that offers it. */
export interface PickAction {
  /** The button's text: "Attach", "Use as cover". */
  label: string;
  /** The button's accessible name, which names the file: `Attach ${name}`. */
  nameFor: (fileName: string) => string;
  /** The text of a file already taken, whose button is disabled: "Attached", "Current cover". */
  takenLabel: string;
}

/** Which of a folder's files are offered, and what a folder with none of them says. */
export interface PickFilter {
  offers: (file: DriveFileDto) => boolean;
  /** "No pictures in this folder." */
  none: string;
}

/** Pictures only (a cover, an event's gallery): files the server can size and serve. */
export const picturesOnly: PickFilter = { offers: (f) => isPictureType(f.mime_type), none: 'No pictures in this folder.' };

/**
 * The workspace's drive browsed folder by folder, to pick one file: a task's attachment, an entry's
 * cover. The caller says which files it offers, what picking one is called and which are taken.
 */
export function DrivePicker({
  workspaceId,
  action,
  taken,
  onPick,
  filter,
  label = 'Files in the drive',
}: {
  workspaceId: number;
  action: PickAction;
  taken: ReadonlySet<string>;
  onPick: (file: DriveFileDto) => void;
  filter?: PickFilter;
  label?: string;
}) {
  const [view, setView] = useState<DriveView>({ kind: 'folder', folderId: null });
  const listing = useDriveListing(workspaceId, view, true);
  const data = listing.data;
  const files = data ? (filter ? data.files.filter(filter.offers) : data.files) : [];
  const empty =
    !data || files.length > 0
      ? null
      : data.folders.length === 0 && data.files.length === 0
        ? 'This folder is empty.'
        : (filter?.none ?? null);
  return (
    <div className={s.picker} role="group" aria-label={label}>
      {listing.isPending ? <Spinner label="Loading the drive" /> : null}
      {listing.isError ? (
        <Notice tone="error" title="The drive could not be read">
          {serverMessage(listing.error)}
        </Notice>
      ) : null}
      {data ? (
        <>
          <div className={s.crumbs}>
            <AriaButton className={s.linkButton} onPress={() => setView({ kind: 'folder', folderId: null })}>
              Drive
            </AriaButton>
            {data.path.map((f) => (
              <span key={f.id}>
                {' / '}
                <AriaButton className={s.linkButton} onPress={() => setView({ kind: 'folder', folderId: f.id })}>
                  {f.name}
                </AriaButton>
              </span>
            ))}
          </div>
          {empty ? <p className={s.empty}>{empty}</p> : null}
          <ul className={s.list}>
            {data.folders.map((f) => (
              <li key={f.id} className={s.row}>
                <AriaButton className={s.linkButton} onPress={() => setView({ kind: 'folder', folderId: f.id })}>
                  📁 {f.name}
                </AriaButton>
              </li>
            ))}
            {files.map((f) => (
              <li key={f.id} className={s.row}>
                {f.has_thumbnail ? <FileThumb file={f} workspaceId={workspaceId} /> : null}
                <div className={s.body}>
                  <span className={s.name}>{f.name}</span>
                  <span className={s.meta}>{formatBytes(f.size_bytes)}</span>
                </div>
                <Button
                  className={s.action}
                  variant="secondary"
                  isDisabled={taken.has(f.id)}
                  onPress={() => onPick(f)}
                  aria-label={action.nameFor(f.name)}
                >
                  {taken.has(f.id) ? action.takenLabel : action.label}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
