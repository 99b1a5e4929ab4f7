import { FileTrigger } from 'react-aria-components';
import { Button } from '../../ui/button';
import * as w from '../../ui/page.css';
import { dataSaver } from '../../kit/data-saver';
import { useOnline } from '../../kit/online';
import * as s from './drive.css';
import { heldForWifi, percentOf, saverState, useUploadQueue, type QueuedUpload } from './upload-queue';
import { formatBytes } from './use-drive';

/** The two ways to pick files: any files, or (on a phone) a photo from the camera. */
export function UploadButtons({ onFiles }: { onFiles: (files: File[]) => void }) {
  const pick = (list: FileList | null) => {
    if (list && list.length > 0) onFiles(Array.from(list));
  };
  return (
    <>
      <FileTrigger allowsMultiple onSelect={pick}>
        <Button>Upload files</Button>
      </FileTrigger>
      <span className={s.phoneOnly}>
        <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={pick}>
          <Button variant="secondary">Take photo</Button>
        </FileTrigger>
      </span>
    </>
  );
}

function statusText(u: QueuedUpload, online: boolean, held: boolean): string {
  if (u.status === 'done') return 'Uploaded';
  if (u.status === 'failed') return u.error ?? 'Failed';
  if (u.status === 'waiting' && !online) return 'Waiting for a connection…';
  if (u.status === 'waiting') return held ? 'Data saver: waiting for Wi-Fi' : 'Waiting…';
  return `${percentOf(u)}% of ${formatBytes(u.size)}`;
}

/** Every upload of this workspace in this tab, with its progress; shown offline too (queued uploads wait). */
export function UploadList({ workspaceId }: { workspaceId: number }) {
  const online = useOnline();
  const items = useUploadQueue((q) => q.items).filter((u) => u.workspaceId === workspaceId);
  const clearDone = useUploadQueue((q) => q.clearDone);
  const retry = useUploadQueue((q) => q.retry);
  const uploadNow = useUploadQueue((q) => q.uploadNow);
  const saver = dataSaver.use();
  if (items.length === 0) return null;
  const net = { ...saverState(), saver };
  const settled = items.some((u) => u.status === 'done' || u.status === 'failed');
  return (
    <section className={s.uploads} aria-label="Uploads">
      <ul className={w.list}>
        {items.map((u) => (
          <li key={u.id} className={s.uploadRow} data-testid="upload-row" data-status={u.status}>
            <p className={s.rowName} title={u.name}>
              {u.name}
            </p>
            <progress className={s.progress} max={100} value={percentOf(u)} aria-label={`Upload of ${u.name}`} />
            <p className={u.status === 'failed' ? w.fieldError : s.rowMeta} role={u.status === 'failed' ? 'alert' : undefined}>
              {statusText(u, online, heldForWifi(u, net))}
            </p>
            {u.status === 'waiting' && online && heldForWifi(u, net) ? (
              <div>
                <Button variant="secondary" onPress={() => uploadNow(u.id)}>
                  Upload now
                </Button>
              </div>
            ) : null}
            {u.status === 'failed' ? (
              <div>
                <Button variant="secondary" onPress={() => retry(u.id)}>
                  Try again
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {settled ? (
        <div>
          <Button variant="secondary" onPress={clearDone}>
            Clear finished
          </Button>
        </div>
      ) : null}
    </section>
  );
}
