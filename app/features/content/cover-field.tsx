import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../../ui/button';
import * as w from '../../ui/page.css';
import { DrivePicker, picturesOnly, type PickAction } from '../drive';
import { pictureUrl, uploadPicture } from '../../kit/pictures/pictures';
import { driveQueryKey } from '../../kit/pictures/uploads';
import * as s from './content.css';

const coverAction: PickAction = { label: 'Use as cover', nameFor: (name) => `Use ${name} as cover`, takenLabel: 'Current cover' };

/**
 * An entry's cover: a picture uploaded now (it lands in the drive's "Content covers" folder), or one
 * already in the drive, picked there. Either way the entry keeps the drive file's id.
 */
export function CoverField({
  workspaceId,
  fileId,
  online,
  error,
  onChange,
  onBusy,
}: {
  workspaceId: number;
  fileId: string | null;
  online: boolean;
  /** The server's word on the cover, from the last save. */
  error?: string;
  onChange: (fileId: string | null) => void;
  onBusy: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const shown = uploadError ?? error;

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    onBusy(true);
    try {
      onChange(await uploadPicture(workspaceId, file, 'cover'));
      setChoosing(false);
      // The drive's listings now hold the new picture, for the next time it is browsed.
      void queryClient.invalidateQueries({ queryKey: driveQueryKey(workspaceId) });
    } catch (err) {
      setUploadError(err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
      onBusy(false);
    }
  }

  return (
    <div className={w.fieldWrap} role="group" aria-labelledby="cover-label">
      <span id="cover-label" className={w.fieldLabel}>
        Cover image
      </span>
      <div className={w.row}>
        {fileId ? (
          <>
            <img className={s.coverThumb} src={pictureUrl(workspaceId, fileId, 160)} alt="Cover" />
            <Button
              variant="secondary"
              onPress={() => {
                setUploadError(null);
                onChange(null);
              }}
            >
              Remove cover
            </Button>
          </>
        ) : null}
        <FileTrigger acceptedFileTypes={['image/*']} onSelect={(l) => void upload(l)}>
          <Button variant="secondary" isPending={uploading} isDisabled={!online}>
            {fileId ? 'Change cover' : 'Add a cover'}
          </Button>
        </FileTrigger>
        <Button variant="secondary" isDisabled={!online} onPress={() => setChoosing((c) => !c)} aria-expanded={choosing}>
          {choosing ? 'Close the drive' : 'Choose from the drive'}
        </Button>
      </div>
      {choosing && online ? (
        <DrivePicker
          workspaceId={workspaceId}
          label="Pictures in the drive"
          action={coverAction}
          filter={picturesOnly}
          taken={new Set(fileId ? [fileId] : [])}
          onPick={(f) => {
            setUploadError(null);
            onChange(f.id);
            setChoosing(false);
          }}
        />
      ) : null}
      {shown ? (
        <p className={w.fieldError} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
