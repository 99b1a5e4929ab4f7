import {
  notificationKinds,
  type ChannelChoice,
  type NotificationChoices,
  type NotificationKind,
} from '../../../schema/notifications/notifications';

export type Kinds = NotificationChoices['kinds'];

/** Every kind, in the order the schema lists them (the order of the choices page). */
export const choiceKinds = Object.keys(notificationKinds).filter((k): k is NotificationKind => k in notificationKinds);

/** The kinds whose choice differs from what was saved: only those are sent. */
export function changedKinds(saved: Kinds, edited: Kinds): Partial<Record<NotificationKind, ChannelChoice>> {
  const out: Partial<Record<NotificationKind, ChannelChoice>> = {};
  for (const kind of choiceKinds) {
    const a = saved[kind];
    const b = edited[kind];
    if (b && (!a || a.email !== b.email || a.push !== b.push)) out[kind] = b;
  }
  return out;
}
