import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import type * as Y from 'yjs';
import type { DriveFileDto } from '../../../schema/drive/drive';
import { FILE_ID_HEADER } from '../../../schema/pictures/pictures';
import { Button } from '../../ui/button';
import { ButtonAnchor } from '../../ui/button-anchor';
import { Notice } from '../../ui/feedback';
import * as w from '../../ui/page.css';
import { CHUNK_SIZE, driveQueryKey, refusalMessage, uploadEndpoint, uploadMessages } from '../../kit/pictures/uploads';
import { contentUrl, DrivePicker, formatBytes, type PickAction } from '../drive';
import { useOnline } from '../../kit/online';
import type { Me } from './board';
import { attachFile, attachmentsOf, detachFile, type TaskAttachment } from './project-doc';
import * as s from './projects.css';

export const attachmentMessages = {
  offline: 'You are offline. Files can be attached when you are back online.',
} as const;

const attachAction: PickAction = { label: 'Attach', nameFor: (name) => `Attach ${name}`, takenLabel: 'Attached' };

/** Sends one file into the drive's top folder through its resumable uploads; resolves with the new file's id. */
function uploadToDrive(workspaceId: number, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: uploadEndpoint(workspaceId),
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total === 0 ? 100 : Math.floor((sent / total) * 100)),
      onSuccess: (payload) => {
        const id = payload.lastResponse.getHeader(FILE_ID_HEADER);
        if (id) resolve(id);
        else reject(new Error(uploadMessages.failed));
      },
      onError: (err) =>
        reject(
          new Error(
            !navigator.onLine || (err instanceof DetailedError && !err.originalResponse) ? uploadMessages.network : refusalMessage(err),
          ),
        ),
    });
    upload.start();
  });
}

/**
 * A task's attachments: files of the workspace's drive, by id in the project's document. Attach one
 * already in the drive, or upload one (it lands in the drive too); open, download, or take it off
 * the task (the file stays in the drive). Reading a file is the drive's call: workspace members only.
 */
export function Attachments({ doc, workspaceId, taskId, me }: { doc: Y.Doc; workspaceId: number; taskId: string; me: Me }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const attached = attachmentsOf(doc, taskId);
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const attach = (f: Pick<DriveFileDto, 'id' | 'name' | 'mime_type' | 'size_bytes'>) =>
    attachFile(doc, taskId, { file: f.id, name: f.name, type: f.mime_type, size: f.size_bytes, by: me.id });

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const id = await uploadToDrive(workspaceId, file, setProgress);
      attach({ id, name: file.name, mime_type: file.type || 'application/octet-stream', size_bytes: file.size });
      void queryClient.invalidateQueries({ queryKey: driveQueryKey(workspaceId) });
    } catch (err) {
      setError(err instanceof Error ? err.message : uploadMessages.failed);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-label="Attachments" className={w.stack} style={{ gap: '8px' }}>
      <h3 className={w.sectionTitle} style={{ margin: 0 }}>
        Attachments
      </h3>
      {attached.length === 0 ? <p className={w.muted}>No files attached.</p> : null}
      <ul className={s.feed} aria-label="Attached files">
        {attached.map((a) => (
          <AttachmentRow key={a.file} attachment={a} workspaceId={workspaceId} onRemove={() => detachFile(doc, taskId, a.file)} />
        ))}
      </ul>
      {!online ? <p className={w.muted}>{attachmentMessages.offline}</p> : null}
      {error ? (
        <Notice tone="error" title="The file was not attached">
          {error}
        </Notice>
      ) : null}
      {progress !== null ? (
        <p className={w.muted} role="status">
          Uploading… {progress}%
        </p>
      ) : null}
      <div className={w.row}>
        <Button variant="secondary" isDisabled={!online} onPress={() => setPicking((p) => !p)} aria-expanded={picking}>
          {picking ? 'Close the drive' : 'Attach from the drive'}
        </Button>
        <Button variant="secondary" isDisabled={!online || progress !== null} onPress={() => input.current?.click()}>
          Upload a file
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          aria-label="File to attach"
          data-testid="attach-upload"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      {picking && online ? (
        <DrivePicker
          workspaceId={workspaceId}
          action={attachAction}
          taken={new Set(attached.map((a) => a.file))}
          onPick={(f) => {
            attach(f);
            setPicking(false);
          }}
        />
      ) : null}
    </section>
  );
}

function AttachmentRow({
  attachment: a,
  workspaceId,
  onRemove,
}: {
  attachment: TaskAttachment;
  workspaceId: number;
  onRemove: () => void;
}) {
  return (
    <li className={s.attachmentRow}>
      <div className={s.taskBody}>
        <a href={contentUrl(workspaceId, a.file, 'inline')} target="_blank" rel="noopener" className={s.attachmentName}>
          {a.name}
        </a>
        <span className={s.taskMeta}>{formatBytes(a.size)}</span>
      </div>
      <div className={w.row}>
        <ButtonAnchor variant="ghost" href={contentUrl(workspaceId, a.file)} download={a.name} aria-label={`Download ${a.name}`}>
          Download
        </ButtonAnchor>
        <Button variant="ghost" onPress={onRemove} aria-label={`Remove ${a.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
