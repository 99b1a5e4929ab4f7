import { createHash } from 'node:crypto';
import { z } from 'zod';
import { mailConsentMessages, type MailOutcome } from '../../schema/mail/mail-consent.js';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';

/**
 * Double opt-in (SECURITY.md; issue 35). Mail a stranger asked for, with text they or a business
 * chose, goes only to an address that asked for it: one confirmed from the opt-in mail, or a
 * verified account's own address. Anything else is held here, and the address gets at most one
 * short opt-in mail a day with no text anyone chose; confirming it releases what was held.
 */

/** The channel a commit that asks for an opt-in mail NOTIFYs (its job area listens on it). */
export const MAIL_CONSENT_CHANNEL = 'vuka_mail_consents';

export const normalAddress = (address: string) => address.trim().toLowerCase();
export const hashConsentToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What confirming an address needs of an area's held mail: its kind, and how to release a stored one. */
export interface HeldMailRelease {
  /** Names the mail in `held_mails` (`ticket`, `booking`): unique across areas. */
  readonly kind: string;
  /** Records a held mail, read back from its stored reference, in the mail outbox; throws on a malformed one. */
  release(tx: Queryable, ref: unknown, workspaceId: number): Promise<void>;
}

/**
 * An area's mail that can wait for its address (`AreaDefinition.heldMail`): the area holds it with
 * `mailOrHold` and hands it, as a `HeldMailRelease`, to the area list for `confirmMailAddress`.
 */
export interface HeldMailKind<K extends { workspaceId: number }> extends HeldMailRelease {
  /** Its key as stored (beside `kind`) in `held_mails.ref`. */
  ref(key: K): Record<string, unknown>;
  /** Records it in the mail outbox (it goes out through the outbox's send job). */
  record(tx: Queryable, key: K): Promise<void>;
}

/** Every area's held mail by kind (`AreaContext.heldMail`). */
export type HeldMailRegistry = Readonly<Partial<Record<string, HeldMailRelease>>>;

/** An area's held mail from how it stores, reads back and records one. */
export function heldMailKind<K extends { workspaceId: number }>(def: {
  kind: string;
  ref(key: K): Record<string, unknown>;
  fromRef(ref: unknown, workspaceId: number): K;
  record(tx: Queryable, key: K): Promise<void>;
}): HeldMailKind<K> {
  return {
    kind: def.kind,
    ref: def.ref,
    record: def.record,
    release: (tx, ref, workspaceId) => def.record(tx, def.fromRef(ref, workspaceId)),
  };
}

/** A stored reference: its kind says whose it is. */
const heldRef = z.looseObject({ kind: z.string() });

/** Whether mail a stranger asked for may go to `address` (confirmed, or a verified account's). */
export async function mailConfirmed(q: Queryable, address: string): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>('SELECT app_mail_confirmed($1) AS ok', [normalAddress(address)]);
  return row?.ok === true;
}

/**
 * Records `mail` in its outbox when its address is confirmed, else holds it; `optIn` asks for the
 * one opt-in mail as well (an anonymous caller's request: a workspace-scoped transaction cannot, and
 * the address was asked when the stranger first typed it). Runs in the caller's transaction.
 * `send` records it the way the flow needs (a move also withdraws old reminders).
 */
export async function mailOrHold<K extends { workspaceId: number }>(
  tx: Queryable,
  deps: AppDeps,
  to: string,
  mail: { held: HeldMailKind<K>; key: K },
  opts: { optIn: boolean; send?: () => Promise<void> },
): Promise<MailOutcome> {
  if (await mailConfirmed(tx, to)) {
    await (opts.send ? opts.send() : mail.held.record(tx, mail.key));
    return 'sent';
  }
  await tx.query(`INSERT INTO held_mails (workspace_id, kind, ref, address, held_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
    mail.key.workspaceId,
    mail.held.kind,
    JSON.stringify({ kind: mail.held.kind, ...mail.held.ref(mail.key) }),
    normalAddress(to),
    deps.now(),
  ]);
  if (opts.optIn) await requestOptIn(tx, to, deps.now());
  return 'awaiting_confirmation';
}

/**
 * Asks for the opt-in mail to `address`: the first time, or again a day after the last one went
 * (never twice a day, however often a stranger types the address). Runs unscoped (anonymous flows).
 */
export async function requestOptIn(tx: Queryable, address: string, now: Date): Promise<void> {
  const rows = await tx.query(
    `INSERT INTO mail_consents (address, requested_at) VALUES ($1, $2)
     ON CONFLICT (address) DO UPDATE
        SET status = 'queued', job_id = NULL, claimed_at = NULL, error = NULL, sent_at = NULL, requested_at = $2
      WHERE mail_consents.confirmed_at IS NULL AND mail_consents.status IN ('sent', 'failed')
        AND mail_consents.requested_at <= $2::timestamptz - interval '1 day'
     RETURNING 1`,
    [normalAddress(address), now],
  );
  if (rows.length > 0) await tx.query(`SELECT pg_notify('${MAIL_CONSENT_CHANNEL}', '')`);
}

/** Confirms the address the token was mailed to and releases every mail held for it (to the mail outbox). */
export async function confirmMailAddress(deps: AppDeps, heldMail: HeldMailRegistry, token: string): Promise<{ message: string }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [found] = await tx.query<{ address: string }>(
      `UPDATE mail_consents SET confirmed_at = $2, token_hash = NULL, token_expires_at = NULL
        WHERE token_hash = $1 AND token_expires_at > $2 AND confirmed_at IS NULL
        RETURNING address`,
      [hashConsentToken(token), now],
    );
    if (!found) throw new HttpError(404, mailConsentMessages.invalidLink, { code: 'mail_link_invalid' });
    const held = await tx.query<{ workspace_id: number; ref: string }>(
      'DELETE FROM held_mails WHERE address = $1 RETURNING workspace_id, ref',
      [found.address],
    );
    for (const row of held) {
      const ref = heldRef.parse(JSON.parse(row.ref));
      const held = heldMail[ref.kind];
      if (!held) throw new Error(`No area holds mail of kind ${ref.kind}`);
      await held.release(tx, ref, Number(row.workspace_id));
    }
  });
  return { message: mailConsentMessages.confirmed };
}

/**
 * A request that mails the address later (a registration the organiser will approve): asks for the
 * opt-in now, while the stranger is on the page to be told, unless the address is confirmed.
 */
export async function optInUnlessConfirmed(tx: Queryable, deps: AppDeps, to: string): Promise<MailOutcome> {
  if (await mailConfirmed(tx, to)) return 'sent';
  await requestOptIn(tx, to, deps.now());
  return 'awaiting_confirmation';
}
