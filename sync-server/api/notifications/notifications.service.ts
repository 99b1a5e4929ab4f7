import {
  defaultChoice,
  notificationKinds,
  type ChannelChoice,
  type NotificationChoices,
  type NotificationKind,
} from '../../../schema/notifications/notifications.js';
import type { z } from 'zod';
import type { choicesBody, markReadBody } from '../../../schema/notifications/notifications.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { mailTemplateId, recordMail, type MailKey } from '../../mail/outbox.js';
import * as repo from './notifications.repo.js';
import { recordPush } from './web-push.js';

/** The template name of the e-mail that carries a notification (`AreaDefinition.mails`). */
export const NOTICE_MAIL = 'notice';

/** Something the people who run a workspace are told of. */
export interface NotificationEvent {
  workspaceId: number;
  kind: NotificationKind;
  /** Names the event within its kind (an invoice's id): the same event told twice adds nothing. */
  about: string;
  title: string;
  body?: string;
  /** The app path it opens (`/workspace/…`). */
  link: string;
  /** Who hears of it; by default the workspace's owner and admins. */
  to?: readonly number[];
  /**
   * The area's own, fuller e-mail of this event, mailed instead of the notice e-mail to the person it
   * is addressed to (`userId`), when they want e-mail for this kind.
   */
  ownMail?: { template: string; subjectId: string; userId: number };
}

/**
 * Tells the people who run a workspace of an event (issue 37 §5): in the caller's transaction, one
 * notification each (none when this event was told before), their e-mail in the outbox when they
 * want it, their Web Push in its outbox when they want that, and their open tabs woken at commit. The job queue sends each e-mail once. Called in the
 * server's own (unscoped) transactions: a webhook, a public page, a job.
 */
export async function notify(tx: Queryable, event: NotificationEvent): Promise<void> {
  const people = event.to ?? (await repo.workspaceRunners(tx, event.workspaceId));
  for (const userId of people) {
    const id = await repo.insertNotification(tx, {
      userId,
      workspaceId: event.workspaceId,
      kind: event.kind,
      dedupeKey: `${event.kind}:${event.about}`,
      title: event.title,
      body: event.body ?? '',
      link: event.link,
    });
    if (!id) continue;
    const choice = (await repo.choicesOf(tx, userId)).get(event.kind) ?? defaultChoice(event.kind);
    if (choice.email) {
      const own = event.ownMail?.userId === userId ? event.ownMail : undefined;
      await recordMail(tx, {
        workspaceId: event.workspaceId,
        template: own?.template ?? mailTemplateId('notifications', NOTICE_MAIL),
        subjectId: own?.subjectId ?? id,
      });
    }
    if (choice.push) await recordPush(tx, id);
    await repo.wakeTabs(tx, userId);
  }
}

/**
 * The people who run a workspace hear that one of its e-mails could not be sent after every retry
 * (the mail outbox gave up on it); a failed notice e-mail tells nobody, or it would tell itself.
 */
export async function tellSendFailed(tx: Queryable, key: MailKey, reason: string): Promise<void> {
  if (key.template === mailTemplateId('notifications', NOTICE_MAIL)) return;
  await notify(tx, {
    workspaceId: key.workspaceId,
    kind: 'send_failed',
    about: `${key.template}:${key.subjectId}`,
    title: 'An e-mail could not be sent',
    body: `It was tried several times and the mail server kept refusing it: ${reason}`,
    link: `/workspace/${key.workspaceId}`,
  });
}

export function list(deps: AppDeps, userId: number) {
  return repo.listFor(deps.db, userId);
}

export async function markRead(deps: AppDeps, userId: number, body: z.output<typeof markReadBody>): Promise<{ unread: number }> {
  await repo.markRead(deps.db, userId, 'all' in body ? 'all' : body.ids, deps.now());
  return { unread: await repo.unreadCount(deps.db, userId) };
}

/** Every kind's choice for the person, their own where they chose, the default where not. */
export async function choices(deps: AppDeps, userId: number): Promise<NotificationChoices> {
  const chosen = await repo.choicesOf(deps.db, userId);
  const kinds = Object.fromEntries(
    (Object.keys(notificationKinds) as NotificationKind[]).map((kind) => [kind, chosen.get(kind) ?? defaultChoice(kind)]),
  ) as Record<NotificationKind, ChannelChoice>;
  return { kinds };
}

export async function setChoices(deps: AppDeps, userId: number, body: z.output<typeof choicesBody>): Promise<NotificationChoices> {
  const changes = Object.entries(body.kinds).filter((e): e is [NotificationKind, ChannelChoice] => e[1] !== undefined);
  await repo.saveChoices(deps.db, userId, changes);
  return choices(deps, userId);
}
