import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCreditNote, type CreditChoice } from '../../../schema/invoices/credit-notes.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import { creditMessages, invoices, type Invoice } from '../../../schema/invoices/invoices.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import {
  accessCookie,
  openSyncDatabase,
  seedUser,
  seedWorkspace,
  startSyncTestServer,
  syncApi,
  type SyncTestServer,
} from '../../../tests/support/sync-server.js';

const now = () => new Date().toISOString();

/** A sent invoice of two lines without VAT: 2 × R 500.00 and 1 × R 300.00, R 1 300.00 in all. */
function sentInvoice(workspace_id: number, extra: Partial<Invoice> = {}): Invoice {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: now(),
    kind: 'invoice',
    customer_name: 'Thandi Mokoena',
    issue_date: '2026-03-02',
    due_date: '2026-04-01',
    currency: 'ZAR',
    prices_include_vat: false,
    invoice_number: `INV-${String(Math.floor(Math.random() * 900_000) + 100_000)}`,
    status: 'sent',
    items: [
      { id: 'chairs', description: 'Chairs', quantity: 2, unit_price_cents: 50_000, tax_rate_bp: 0 },
      { id: 'table', description: 'Table', quantity: 1, unit_price_cents: 30_000, tax_rate_bp: 0 },
    ],
    ...extra,
  };
}

function credit(inv: Invoice, choice: CreditChoice, number: string, earlier: Invoice[] = []) {
  return writeCreditNote(inv, { id: randomUUID(), number, today: '2026-03-10', updatedAt: now(), reason: 'Returned', choice, earlier });
}

for (const target of testDatabases()) {
  describe(`credit notes sync on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let api: ReturnType<typeof syncApi>;
    let ownerCookie: string;
    let ws: number;
    let otherWs: number;
    let otherApi: ReturnType<typeof syncApi>;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      ownerCookie = await accessCookie(server.deps, owner);
      api = syncApi(server.url, ownerCookie);
      const stranger = await seedUser(db);
      otherWs = await seedWorkspace(db, stranger);
      otherApi = syncApi(server.url, await accessCookie(server.deps, stranger));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    async function stored(id: string, as = api, workspace = ws) {
      const page = pullResponse.parse((await as.pull('invoices', workspace, 0, '', 1000)).body);
      return page.documents.find((d) => d.id === id);
    }

    async function push(rows: unknown[], as = api, workspace = ws) {
      const res = await as.push('invoices', workspace, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }

    /** Stores a document and returns it as the server keeps it (the device's next assumed state). */
    async function saved(doc: Invoice) {
      expect(await push([{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [] });
      const back = await stored(doc.id);
      if (!back) throw new Error('not stored');
      return invoices.doc.parse(back);
    }

    it('a credit note written offline arrives with its invoice: stored with its totals, the invoice credited and its balance lowered', async () => {
      const inv = await saved(sentInvoice(ws));
      // Offline: one chair back. The device writes the invoice first, then the note (their push order).
      const { note, invoice } = credit(inv, { mode: 'lines', lines: [{ id: 'chairs', quantity: 1 }] }, 'CRN-000001');
      const res = await push([{ newDocumentState: invoice, assumedMasterState: inv }, { newDocumentState: note }]);
      expect(res).toEqual({ conflicts: [], rejected: [] });
      expect(await stored(note.id)).toMatchObject({
        kind: 'credit_note',
        credit_note_number: 'CRN-000001',
        credit_for_invoice_id: inv.id,
        credit_for_number: inv.invoice_number,
        credit_reason: 'Returned',
        status: 'sent',
        total_cents: 50_000,
      });
      expect(await stored(inv.id)).toMatchObject({
        status: 'sent',
        credits: [{ id: note.id, number: 'CRN-000001', amount_cents: 50_000 }],
        total_cents: 130_000,
      });

      // The customer's page by its share link shows the credit note and the lower balance.
      const share = await fetch(`${server.url}/api/workspaces/${ws}/invoices/${inv.id}/share-link`, {
        method: 'POST',
        headers: { origin: server.url, cookie: ownerCookie, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(share.status).toBe(200);
      const link = new URL(((await share.json()) as { url: string }).url);
      const [, , slug, , number] = link.pathname.split('/');
      const page = await fetch(`${server.url}/api/storefront/${slug}/invoices/${number}?t=${link.searchParams.get('t')}`);
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({
        total_cents: 130_000,
        credited_cents: 50_000,
        credit_notes: [{ number: 'CRN-000001', date: '2026-03-10', amount_cents: 50_000 }],
        paid_cents: 0,
        balance_cents: 80_000,
      });

      // The rest in full: unpaid and credited in full, the invoice is cancelled (nothing is owed).
      const now1 = invoices.doc.parse(await stored(inv.id));
      const rest = credit(now1, { mode: 'amount', amount_cents: 80_000, tax_rate_bp: 0 }, 'CRN-000002', [note]);
      expect(rest.invoice.status).toBe('cancelled');
      expect(await push([{ newDocumentState: rest.invoice, assumedMasterState: now1 }, { newDocumentState: rest.note }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      expect(await stored(inv.id)).toMatchObject({ status: 'cancelled' });
    });

    it('more credit than the invoice total less earlier credit notes is refused and nothing of it is stored', async () => {
      const inv = await saved(sentInvoice(ws));
      const first = credit(inv, { mode: 'amount', amount_cents: 100_000, tax_rate_bp: 0 }, 'CRN-000010');
      await push([{ newDocumentState: first.invoice, assumedMasterState: inv }, { newDocumentState: first.note }]);

      // A second device, offline, credits R 500.00 against the invoice as it knew it (before the first note).
      const second = credit(inv, { mode: 'amount', amount_cents: 50_000, tax_rate_bp: 0 }, 'CRN-000011');
      const res = await push([{ newDocumentState: second.note }]);
      expect(res.rejected).toEqual([{ id: second.note.id, code: 'invalid', message: creditMessages.overCredit }]);
      expect(await stored(second.note.id)).toBeUndefined();

      // A forged note whose own lines are larger than the invoice is refused as well.
      const forged = { ...second.note, id: randomUUID(), items: [{ ...inv.items[0], quantity: 5 }] };
      expect((await push([{ newDocumentState: forged }])).rejected[0]?.message).toBe(creditMessages.overCredit);

      // So is an invoice whose recorded credits exceed its total.
      const [master] = [invoices.doc.parse(await stored(inv.id))];
      const overCredited = {
        ...master,
        credits: [...(master.credits ?? []), { id: randomUUID(), number: 'X', amount_cents: 40_000, date: '2026-03-11' }],
      };
      expect((await push([{ newDocumentState: overCredited, assumedMasterState: master }])).rejected[0]?.message).toBe(
        creditMessages.overCredit,
      );
      expect(await stored(inv.id)).toMatchObject({ credits: [{ amount_cents: 100_000 }], server_version: master.server_version });
    });

    it('a credit note on a draft, on another workspace’s invoice, or on nothing is refused with a clear message', async () => {
      const draft = await saved(sentInvoice(ws, { status: 'draft' }));
      const note = credit({ ...draft, status: 'sent' }, { mode: 'amount', amount_cents: 1_000, tax_rate_bp: 0 }, 'CRN-000020').note;
      expect((await push([{ newDocumentState: note }])).rejected).toEqual([
        { id: note.id, code: 'invalid', message: creditMessages.draft },
      ]);
      expect(await stored(note.id)).toBeUndefined();

      const theirs = sentInvoice(otherWs);
      expect(await push([{ newDocumentState: theirs }], otherApi, otherWs)).toEqual({ conflicts: [], rejected: [] });
      const across = { ...credit(theirs, { mode: 'amount', amount_cents: 1_000, tax_rate_bp: 0 }, 'CRN-000021').note, workspace_id: ws };
      expect((await push([{ newDocumentState: across }])).rejected[0]?.message).toBe(creditMessages.notInvoice);

      const nowhere = { ...note, id: randomUUID(), credit_for_invoice_id: randomUUID() };
      expect((await push([{ newDocumentState: nowhere }])).rejected[0]?.message).toBe(creditMessages.notInvoice);
      const noReason = { ...note, id: randomUUID(), credit_reason: ' ' };
      expect((await push([{ newDocumentState: noReason }])).rejected[0]?.message).toBe(creditMessages.reason);
    });

    it('a paid invoice still takes a credit note; a written credit note never changes and a later payment cannot pass the balance', async () => {
      const inv = await saved(sentInvoice(ws));
      const paidDoc = {
        ...inv,
        status: 'paid' as const,
        paid_date: '2026-03-05',
        payments: [{ id: randomUUID(), amount_cents: 130_000, date: '2026-03-05', method: 'eft' as const }],
        updated_at: now(),
      };
      await push([{ newDocumentState: paidDoc, assumedMasterState: inv }]);
      const paid = invoices.doc.parse(await stored(inv.id));
      const refund = credit(paid, { mode: 'lines', lines: [{ id: 'table', quantity: 1 }] }, 'CRN-000030');
      expect(refund.invoice.status).toBe('paid');
      expect(await push([{ newDocumentState: refund.invoice, assumedMasterState: paid }, { newDocumentState: refund.note }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      const note = invoices.doc.parse(await stored(refund.note.id));
      const edited = { ...note, credit_reason: 'Something else', updated_at: now() };
      const res = await push([{ newDocumentState: edited, assumedMasterState: note }]);
      expect(res.rejected).toEqual([{ id: note.id, code: 'immutable', message: creditMessages.locked }]);
      const deleting = { ...note, _deleted: true, updated_at: now() };
      expect((await push([{ newDocumentState: deleting, assumedMasterState: note }])).rejected[0]?.message).toBe(creditMessages.locked);
      // Sending it by e-mail is the one change a credit note takes.
      const send = { ...note, send_request: { id: randomUUID(), to: 'thandi@example.com', at: now() }, updated_at: now() };
      expect(await push([{ newDocumentState: send, assumedMasterState: note }])).toEqual({ conflicts: [], rejected: [] });

      // On a partly credited unpaid invoice, a payment beyond what the credit left is refused.
      const open = await saved(sentInvoice(ws));
      const part = credit(open, { mode: 'lines', lines: [{ id: 'table', quantity: 1 }] }, 'CRN-000031');
      await push([{ newDocumentState: part.invoice, assumedMasterState: open }, { newDocumentState: part.note }]);
      const credited = invoices.doc.parse(await stored(open.id));
      const over = {
        ...credited,
        status: 'paid' as const,
        payments: [{ id: randomUUID(), amount_cents: 130_000, date: '2026-03-12', method: 'cash' as const }],
        updated_at: now(),
      };
      expect((await push([{ newDocumentState: over, assumedMasterState: credited }])).rejected[0]?.code).toBeDefined();
      expect(await stored(open.id)).toMatchObject({ server_version: credited.server_version });
    });
  });
}
