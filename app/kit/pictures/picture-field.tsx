import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { PicturePurpose } from '../../../schema/pictures/pictures';
import { Button } from '../../ui/button';
import { showPicture, usePictureHeld } from '../data-saver';
import { pictureUrl, uploadPicture } from './pictures';
import { driveQueryKey } from './uploads';
import * as s from './pictures.css';

/** A drive image shown at `size` CSS pixels square (cover), served at the width the screen needs. */
export function Picture({
  workspaceId,
  fileId,
  size,
  alt = '',
  fit = 'cover',
  className,
  inButton = false,
}: {
  workspaceId: number;
  fileId: string;
  size: number;
  alt?: string;
  fit?: 'cover' | 'contain';
  className?: string;
  /** Inside another button (a till tile): data saver's placeholder is then not a button of its own. */
  inButton?: boolean;
}) {
  const held = usePictureHeld(fileId);
  if (held) return <HeldPicture pictureKey={fileId} size={size} label={alt} className={className} inButton={inButton} />;
  return (
    <img
      className={[s.picture, className].filter(Boolean).join(' ')}
      src={pictureUrl(workspaceId, fileId, size)}
      width={size}
      height={size}
      style={{ objectFit: fit }}
      alt={alt}
      loading="lazy"
      decoding="async"
      data-picture={fileId}
    />
  );
}

/**
 * Data saver's stand-in for a picture not loaded yet: "Tap to load" (loads just this one), the size of
 * the picture it stands for. Inside another button it is only a mark; the screen offers "Show pictures".
 */
export function HeldPicture({
  pictureKey,
  size,
  label,
  className,
  inButton = false,
}: {
  pictureKey: string;
  size: number;
  label?: string;
  className?: string;
  inButton?: boolean;
}) {
  const classes = [s.picture, s.held, className].filter(Boolean).join(' ');
  // A class that sizes the picture (a till tile's, a list row's) sizes its stand-in too.
  const style = className ? undefined : { width: size, height: size };
  if (inButton)
    return (
      <span className={classes} style={style} data-held-picture={pictureKey}>
        Picture not loaded
      </span>
    );
  return (
    <button
      type="button"
      className={classes}
      style={style}
      onClick={() => showPicture(pictureKey)}
      aria-label={label ? `Tap to load picture: ${label}` : 'Tap to load picture'}
      data-held-picture={pictureKey}
    >
      Tap to load
    </button>
  );
}

/**
 * Picks a picture (the file picker, or on a phone the back camera), uploads it at once and hands its
 * drive file id to `onChange`; "Remove" hands null. The current picture is the drive file `fileId`,
 * or else the address `src` (an avatar is kept as a web address). `onBusy` says when an upload is
 * under way, so the form can wait for it.
 */
export function PictureField({
  workspaceId,
  purpose,
  label,
  fileId,
  src = null,
  fit = 'cover',
  onChange,
  onBusy,
}: {
  workspaceId: number;
  purpose: PicturePurpose;
  label: string;
  fileId: string | null;
  src?: string | null;
  fit?: 'cover' | 'contain';
  onChange: (fileId: string | null) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function pick(list: FileList | null) {
    const file = list?.[0];
    if (!file) return;
    setError(null);
    setLocal(URL.createObjectURL(file));
    setPercent(0);
    onBusy?.(true);
    try {
      onChange(await uploadPicture(workspaceId, file, purpose, (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0)));
      // The drive's listings and its usage now count the new picture.
      void queryClient.invalidateQueries({ queryKey: driveQueryKey(workspaceId) });
    } catch (err) {
      setLocal(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPercent(null);
      onBusy?.(false);
    }
  }

  const current = fileId ? pictureUrl(workspaceId, fileId, 96) : src;
  const shown = local ?? current;
  // Under data saver the stored picture waits for a tap; one just picked on this device is already here.
  const held = usePictureHeld(current ?? '') && !local && current !== null;
  const labelId = `picture-${purpose}-label`;
  return (
    <div className={s.field} role="group" aria-labelledby={labelId}>
      <div className={s.preview}>
        {held && current ? (
          <HeldPicture pictureKey={current} size={96} label={`${label} preview`} />
        ) : shown ? (
          <img className={fit === 'cover' ? s.previewImage : s.containImage} src={shown} alt={`${label} preview`} />
        ) : (
          <span>No picture</span>
        )}
      </div>
      <div className={s.side}>
        <span className={s.label} id={labelId}>
          {label}
        </span>
        <div className={s.buttons}>
          <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={(l) => void pick(l)}>
            <Button variant="secondary" isPending={percent !== null}>
              {current ? 'Change picture' : 'Add picture'}
            </Button>
          </FileTrigger>
          {current && percent === null ? (
            <Button
              variant="secondary"
              onPress={() => {
                setLocal(null);
                onChange(null);
              }}
            >
              Remove picture
            </Button>
          ) : null}
        </div>
        {percent !== null ? (
          <p className={s.status} role="status">
            Uploading… {percent}%
          </p>
        ) : null}
        {error ? (
          <p className={s.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
