import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { eventsContract as c } from '../../../schema/events/contract';
import { MAX_GALLERY_PICTURES, type EventDetail } from '../../../schema/events/events';
import { ApiError, call } from '../../data/api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import * as w from '../../ui/page.css';
import { DrivePicker, picturesOnly, type PickAction } from '../drive';
import { pictureUrl } from '../../kit/pictures/pictures';
import { useOnline } from '../../kit/online';
import { serverMessage } from '../../kit/workspace-queries';
import * as s from './events.css';
import { eventKeys } from './use-events';
import { pictureRemove } from '../../ui/controls.css';

const coverAction: PickAction = { label: 'Use as cover', nameFor: (name) => `Use ${name} as cover`, takenLabel: 'Current cover' };
const galleryAction: PickAction = { label: 'Add', nameFor: (name) => `Add ${name} to the gallery`, takenLabel: 'Added' };

type Field = 'cover_image' | 'gallery';
type Change = { cover_image: string | null } | { gallery: string[] };
const fieldOf = (change: Change): Field => ('cover_image' in change ? 'cover_image' : 'gallery');

/** After a button goes away (a picture removed, the picker closed), the keyboard carries on from here. */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The event's cover and gallery, picked from the workspace's drive (issue 19). Each change is saved
 * at once; the screen shows what was asked for while it saves, and changes go to the server one
 * after another, each carrying the whole field, so quick clicks cannot undo one another. A change
 * the server refuses puts the field back as the server has it and says why.
 */
export function EventPictures({ workspaceId, event }: { workspaceId: number; event: EventDetail }) {
  const client = useQueryClient();
  const online = useOnline();
  const [cover, setCover] = useState(event.cover_image);
  const [gallery, setGallery] = useState(event.gallery);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [choosing, setChoosing] = useState<'cover' | 'gallery' | null>(null);
  const ids = { cover: useId(), coverToggle: useId(), gallery: useId(), galleryToggle: useId() };

  const save = useMutation({
    scope: { id: `event-pictures-${event.id}` },
    mutationFn: (body: Change) => call(c.update, { params: { id: workspaceId, eventId: event.id }, body }),
    onSuccess: (updated) => {
      client.setQueryData(eventKeys.one(workspaceId, event.id), updated);
      void client.invalidateQueries({ queryKey: eventKeys.all(workspaceId), exact: true });
    },
    // Here rather than in mutate(): this runs for every refused change, not only the last one made.
    onError: (err, body) => {
      const field = fieldOf(body);
      const saved = client.getQueryData<EventDetail>(eventKeys.one(workspaceId, event.id)) ?? event;
      if (field === 'cover_image') setCover(saved.cover_image);
      else setGallery(saved.gallery);
      const message = err instanceof ApiError ? (err.fieldErrors[field]?.[0] ?? err.serverMessage) : serverMessage(err);
      setErrors((e) => ({ ...e, [field]: message }));
    },
  });

  function change(next: Change) {
    if ('cover_image' in next) setCover(next.cover_image);
    else setGallery(next.gallery);
    setErrors((e) => ({ ...e, [fieldOf(next)]: undefined }));
    save.mutate(next);
  }

  function removeFromGallery(index: number) {
    const next = gallery.filter((_, i) => i !== index);
    change({ gallery: next });
    // The next picture's remove button takes the focus, or the add button when none is left.
    focusSoon(next.length ? `${ids.gallery}-${Math.min(index, next.length - 1)}` : ids.galleryToggle);
  }

  const full = gallery.length >= MAX_GALLERY_PICTURES;
  return (
    <Card aria-labelledby="event-pictures-title">
      <h2 id="event-pictures-title" className={w.sectionTitle}>
        Pictures
      </h2>
      <div className={w.stack}>
        <div className={s.pictureGroup} role="group" aria-labelledby={`${ids.cover}-label`}>
          <div className={w.fieldWrap}>
            <span id={`${ids.cover}-label`} className={w.fieldLabel}>
              Cover image
            </span>
            <span className={w.fieldHint}>At the top of the event’s page and on its card in the event lists.</span>
          </div>
          {cover ? <img className={s.coverPreview} src={pictureUrl(workspaceId, cover, 320)} alt="Cover" /> : null}
          <div className={w.row}>
            <Button
              id={ids.coverToggle}
              variant="secondary"
              isDisabled={!online}
              aria-expanded={choosing === 'cover'}
              onPress={() => setChoosing((now) => (now === 'cover' ? null : 'cover'))}
            >
              {choosing === 'cover' ? 'Close the drive' : 'Choose from the drive'}
            </Button>
            {cover ? (
              <Button
                variant="secondary"
                isDisabled={!online}
                onPress={() => {
                  change({ cover_image: null });
                  focusSoon(ids.coverToggle);
                }}
              >
                Remove cover
              </Button>
            ) : null}
          </div>
          {choosing === 'cover' && online ? (
            <DrivePicker
              workspaceId={workspaceId}
              label="Pictures in the drive"
              action={coverAction}
              filter={picturesOnly}
              taken={new Set(cover ? [cover] : [])}
              onPick={(f) => {
                change({ cover_image: f.id });
                setChoosing(null);
                focusSoon(ids.coverToggle);
              }}
            />
          ) : null}
          {errors.cover_image ? (
            <p className={w.fieldError} role="alert">
              {errors.cover_image}
            </p>
          ) : null}
        </div>

        <div className={s.pictureGroup} role="group" aria-labelledby={`${ids.gallery}-label`}>
          <div className={w.fieldWrap}>
            <span id={`${ids.gallery}-label`} className={w.fieldLabel}>
              Gallery
            </span>
            <span className={w.fieldHint}>
              Shown on the event’s page in this order: {gallery.length} of {MAX_GALLERY_PICTURES} pictures.
            </span>
          </div>
          {gallery.length > 0 ? (
            <ul className={s.gallery} aria-label="Gallery pictures">
              {gallery.map((id, i) => (
                <li key={id} className={s.galleryItem}>
                  <img className={s.galleryThumb} src={pictureUrl(workspaceId, id, 112)} alt={`Gallery picture ${i + 1}`} />
                  <AriaButton
                    id={`${ids.gallery}-${i}`}
                    className={pictureRemove}
                    isDisabled={!online}
                    aria-label={`Remove gallery picture ${i + 1}`}
                    onPress={() => removeFromGallery(i)}
                  >
                    ×
                  </AriaButton>
                </li>
              ))}
            </ul>
          ) : null}
          <div className={w.row}>
            <Button
              id={ids.galleryToggle}
              variant="secondary"
              isDisabled={!online || (full && choosing !== 'gallery')}
              aria-expanded={choosing === 'gallery'}
              onPress={() => setChoosing((now) => (now === 'gallery' ? null : 'gallery'))}
            >
              {choosing === 'gallery' ? 'Close the drive' : 'Add from the drive'}
            </Button>
          </div>
          {choosing === 'gallery' && online ? (
            full ? (
              <p className={w.muted}>The gallery is full: remove a picture to add another.</p>
            ) : (
              <DrivePicker
                workspaceId={workspaceId}
                label="Pictures in the drive"
                action={galleryAction}
                filter={picturesOnly}
                taken={new Set(gallery)}
                onPick={(f) => change({ gallery: [...gallery, f.id] })}
              />
            )
          ) : null}
          {errors.gallery ? (
            <p className={w.fieldError} role="alert">
              {errors.gallery}
            </p>
          ) : null}
        </div>
        {!online ? <p className={w.muted}>You are offline. Pictures can be changed when you are back online.</p> : null}
      </div>
    </Card>
  );
}
