import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeUserDatabase, openUserDatabase } from '../../../app/data/db.js';
import { pullResponse, pushResponse } from '../../../schema/sync/contract.js';
import { frozenMessages, itemMessages, lockedMessages, paymentMessages, sendMessages } from '../../../schema/invoices/invoices.js';
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
const line = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  description: 'Website design',
  quantity: 2,
  unit_price_cents: 150_000,
  tax_rate_bp: 1500,
  ...extra,
});

function invoice(workspace_id: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: now(),
    customer_name: 'Lindiwe Dube',
    issue_date: '2026-03-02',
    due_date: '2026-04-01',
    currency: 'ZAR',
    prices_include_vat: false,
    invoice_number: 'INV-000001',
    items: [line(), line({ description: 'Hosting', quantity: 1.5, unit_price_cents: 9_999, discount_bp: 1000 })],
    ...extra,
  };
}

describe('invoices on the device database', () => {
  it('dev-mode accepts an invoice and a quote with their lines and refuses a malformed line', async () => {
    const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
    const data = await openUserDatabase(1, { name: `vuka-invoices-devmode-${process.pid}`, devMode: true, multiInstance: false, storage });
    try {
      const inv = { ...invoice(1), status: 'draft' as const, subtotal_cents: 314_999 };
      await data.db.invoices.insert(inv);
      await data.db.quotes.insert({ ...quoteDoc(1), status: 'draft' as const });
      expect((await data.db.invoices.findOne(inv.id).exec())?.toJSON().items).toHaveLength(2);
      const bad = { ...invoice(1), status: 'draft' as const };
      Reflect.set(bad.items[0], 'unit_price_cents', 'free');
      await expect(data.db.invoices.insert(bad)).rejects.toThrow();
    } finally {
      await closeUserDatabase(data);
    }
  });
});

for (const target of testDatabases()) {
  describe(`invoices and quotes sync on ${target.name}`, () => {
    let db: Db;
    let server: SyncTestServer;
    let api: ReturnType<typeof syncApi>;
    let ws: number;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      server = await startSyncTestServer(db);
      const owner = await seedUser(db);
      ws = await seedWorkspace(db, owner);
      api = syncApi(server.url, await accessCookie(server.deps, owner));
    });
    afterAll(async () => {
      await server.close();
      await db.close();
    });

    async function stored(collection: string, id: string) {
      const page = pullResponse.parse((await api.pull(collection, ws, 0, '', 1000)).body);
      return page.documents.filter((d) => d.id === id);
    }

    async function push(collection: string, rows: unknown[]) {
      const res = await api.push(collection, ws, rows);
      expect(res.status).toBe(200);
      return pushResponse.parse(res.body);
    }

    it('stores the totals it computes from the lines, not the ones the client sent', async () => {
      const doc = invoice(ws, { subtotal_cents: 1, discount_cents: 2, tax_cents: 3, total_cents: 4 });
      expect(await push('invoices', [{ newDocumentState: doc }])).toEqual({ conflicts: [], rejected: [] });
      const [saved] = await stored('invoices', doc.id);
      // 2 × 1500.00 = 3000.00; 1.5 × 99.99 = 149.985 → 149.99, 10 % off 15.00 (14.999); VAT 15 % of 3000.00 and of 134.99.
      expect(saved).toMatchObject({
        subtotal_cents: 300_000 + 14_999,
        discount_cents: 1_500,
        tax_cents: 45_000 + 2_025,
        total_cents: 300_000 + 14_999 - 1_500 + 45_000 + 2_025,
        status: 'draft',
        invoice_number: 'INV-000001',
        server_version: 1,
      });

      // An edit of the lines recomputes them; a forged total in the same push is ignored again.
      const edited = {
        ...saved,
        items: [line({ quantity: 1, unit_price_cents: 10_000, tax_rate_bp: 0 })],
        total_cents: 999,
        updated_at: now(),
      };
      expect(await push('invoices', [{ newDocumentState: edited, assumedMasterState: saved }])).toEqual({ conflicts: [], rejected: [] });
      const [after] = await stored('invoices', doc.id);
      expect(after).toMatchObject({ subtotal_cents: 10_000, discount_cents: 0, tax_cents: 0, total_cents: 10_000, server_version: 2 });
    });

    it('follows each document’s own VAT choice: VAT inside the prices, or on top for one pushed without the choice', async () => {
      const inclusive = invoice(ws, {
        invoice_number: 'INV-000040',
        prices_include_vat: true,
        items: [line({ quantity: 1, unit_price_cents: 11_500 })],
        tax_cents: 1_725,
        total_cents: 13_225,
      });
      const older = { ...quoteDoc(ws, { quote_number: 'QUO-000040', items: [line({ quantity: 1, unit_price_cents: 11_500 })] }) };
      Reflect.deleteProperty(older, 'prices_include_vat');
      expect(await push('invoices', [{ newDocumentState: inclusive }])).toEqual({ conflicts: [], rejected: [] });
      expect(await push('quotes', [{ newDocumentState: older }])).toEqual({ conflicts: [], rejected: [] });
      const [savedInvoice] = await stored('invoices', inclusive.id);
      expect(savedInvoice).toMatchObject({ prices_include_vat: true, subtotal_cents: 11_500, tax_cents: 1_500, total_cents: 11_500 });
      expect((await stored('quotes', older.id))[0]).toMatchObject({ prices_include_vat: false, tax_cents: 1_725, total_cents: 13_225 });

      // A draft may change its choice; the totals follow it.
      const switched = { ...savedInvoice, prices_include_vat: false, updated_at: now() };
      await push('invoices', [{ newDocumentState: switched, assumedMasterState: savedInvoice }]);
      expect((await stored('invoices', inclusive.id))[0]).toMatchObject({
        prices_include_vat: false,
        tax_cents: 1_725,
        total_cents: 13_225,
      });
    });

    it('a paid invoice can no longer be changed: the push is refused as immutable with the reason', async () => {
      const doc = invoice(ws, { status: 'sent' });
      await push('invoices', [{ newDocumentState: doc }]);
      const [sent] = await stored('invoices', doc.id);
      const paid = { ...sent, status: 'paid', paid_date: '2026-03-10', updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: paid, assumedMasterState: sent }])).toEqual({ conflicts: [], rejected: [] });
      const [master] = await stored('invoices', doc.id);
      expect(master).toMatchObject({ status: 'paid', paid_date: '2026-03-10' });

      const tampered = { ...master, items: [line({ unit_price_cents: 1 })], updated_at: now() };
      const res = await push('invoices', [{ newDocumentState: tampered, assumedMasterState: master }]);
      expect(res.rejected).toEqual([{ id: doc.id, code: 'immutable', message: frozenMessages.invoicePaid }]);
      expect(res.conflicts).toEqual([master]);
      const reopened = { ...master, status: 'draft', updated_at: now() };
      expect((await push('invoices', [{ newDocumentState: reopened, assumedMasterState: master }])).rejected[0]?.code).toBe('immutable');
      const deleting = { ...master, _deleted: true, updated_at: now() };
      expect((await push('invoices', [{ newDocumentState: deleting, assumedMasterState: master }])).rejected[0]?.code).toBe('immutable');
      expect(await stored('invoices', doc.id)).toEqual([master]);
    });

    it('a sent invoice keeps its number, customer and lines, cannot return to draft or be deleted, but can be paid', async () => {
      const doc = invoice(ws, { status: 'sent', invoice_number: 'INV-000020' });
      await push('invoices', [{ newDocumentState: doc }]);
      const [sent] = await stored('invoices', doc.id);
      const attempts: [Record<string, unknown>, string][] = [
        [{ items: [line({ unit_price_cents: 1 })] }, lockedMessages.invoiceIssued],
        [{ customer_name: 'Someone else' }, lockedMessages.invoiceIssued],
        [{ prices_include_vat: true }, lockedMessages.invoiceIssued],
        [{ invoice_number: 'INV-000099' }, lockedMessages.number],
        [{ status: 'draft' }, lockedMessages.backToDraft],
        [{ _deleted: true }, lockedMessages.deleteIssued],
      ];
      for (const [change, message] of attempts) {
        const res = await push('invoices', [{ newDocumentState: { ...sent, ...change, updated_at: now() }, assumedMasterState: sent }]);
        expect(res.rejected).toEqual([{ id: doc.id, code: 'immutable', message }]);
      }
      expect(await stored('invoices', doc.id)).toEqual([sent]);
      // What the customer saw stays; the due date may still move, and the payment is recorded.
      const later = { ...sent, due_date: '2026-05-01', status: 'paid', paid_date: '2026-04-20', updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: later, assumedMasterState: sent }])).toEqual({ conflicts: [], rejected: [] });
      expect((await stored('invoices', doc.id))[0]).toMatchObject({ status: 'paid', due_date: '2026-05-01', server_version: 2 });
    });

    it('partial payments turn a sent invoice partially paid then paid; an overpayment or a removed payment is refused', async () => {
      // One line of R 1 000.00 with no VAT: a total of 100 000 cents.
      const doc = invoice(ws, {
        status: 'sent',
        invoice_number: 'INV-000030',
        items: [line({ quantity: 1, unit_price_cents: 100_000, tax_rate_bp: 0 })],
      });
      await push('invoices', [{ newDocumentState: doc }]);
      const [sent] = await stored('invoices', doc.id);
      const first = { id: randomUUID(), amount_cents: 40_000, date: '2026-03-05', method: 'eft', reference: 'EFT 1' };
      const partly = { ...sent, payments: [first], status: 'partially_paid', updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: partly, assumedMasterState: sent }])).toEqual({ conflicts: [], rejected: [] });
      const [master] = await stored('invoices', doc.id);
      expect(master).toMatchObject({ status: 'partially_paid', payments: [first] });

      const over = {
        ...master,
        payments: [first, { ...first, id: randomUUID(), amount_cents: 60_001 }],
        status: 'paid',
        updated_at: now(),
      };
      expect((await push('invoices', [{ newDocumentState: over, assumedMasterState: master }])).rejected).toEqual([
        { id: doc.id, code: 'invalid', message: paymentMessages.overpaid },
      ]);
      const wrongStatus = { ...master, payments: [first], status: 'paid', updated_at: now() };
      expect((await push('invoices', [{ newDocumentState: wrongStatus, assumedMasterState: master }])).rejected[0]?.message).toBe(
        paymentMessages.status,
      );
      const removed = { ...master, payments: [], status: 'sent', updated_at: now() };
      expect((await push('invoices', [{ newDocumentState: removed, assumedMasterState: master }])).rejected[0]?.message).toBe(
        paymentMessages.removed,
      );
      expect(await stored('invoices', doc.id)).toEqual([master]);

      const rest = { id: randomUUID(), amount_cents: 60_000, date: '2026-03-09', method: 'cash' };
      const paid = { ...master, payments: [first, rest], status: 'paid', paid_date: '2026-03-09', updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: paid, assumedMasterState: master }])).toEqual({ conflicts: [], rejected: [] });
      expect((await stored('invoices', doc.id))[0]).toMatchObject({ status: 'paid', paid_date: '2026-03-09' });
    });

    it('a payment on a draft and an e-mail request to an invalid address are refused', async () => {
      const draft = invoice(ws, { status: 'draft', payments: [{ id: randomUUID(), amount_cents: 1, date: '2026-03-05', method: 'cash' }] });
      expect((await push('invoices', [{ newDocumentState: draft }])).rejected).toEqual([
        { id: draft.id, code: 'invalid', message: paymentMessages.notPayable },
      ]);
      const badMail = invoice(ws, { status: 'sent', send_request: { id: randomUUID(), to: 'not-an-address', at: now() } });
      const res = await push('invoices', [{ newDocumentState: badMail }]);
      expect(res.rejected[0]).toMatchObject({ id: badMail.id, code: 'invalid' });
      expect(res.rejected[0]?.message).toContain(sendMessages.email);
      expect(await stored('invoices', draft.id)).toEqual([]);
      expect(await stored('invoices', badMail.id)).toEqual([]);
    });

    it('a draft without a number gets one later; a numbered draft keeps its number', async () => {
      const doc = invoice(ws, { invoice_number: undefined });
      await push('invoices', [{ newDocumentState: doc }]);
      const [draft] = await stored('invoices', doc.id);
      expect(draft.invoice_number).toBeUndefined();
      const numbered = { ...draft, invoice_number: 'INV-000031', updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: numbered, assumedMasterState: draft }])).toEqual({ conflicts: [], rejected: [] });
      const [master] = await stored('invoices', doc.id);
      const renumbered = { ...master, invoice_number: 'INV-000032', updated_at: now() };
      expect((await push('invoices', [{ newDocumentState: renumbered, assumedMasterState: master }])).rejected[0]?.message).toBe(
        lockedMessages.number,
      );
    });

    it('pushing the same invoice twice is harmless: one version, one feed entry', async () => {
      const row = { newDocumentState: invoice(ws, { invoice_number: 'INV-000007' }) };
      expect(await push('invoices', [row])).toEqual({ conflicts: [], rejected: [] });
      const [first] = await stored('invoices', row.newDocumentState.id);
      const again = await push('invoices', [row]);
      expect(again).toEqual({ conflicts: [first], rejected: [] });
      expect(await push('invoices', [{ newDocumentState: first, assumedMasterState: first }])).toEqual({ conflicts: [], rejected: [] });
      const after = await stored('invoices', row.newDocumentState.id);
      expect(after).toEqual([first]);
      expect(after[0].server_version).toBe(1);
    });

    it('refuses a document with an invalid line, says why, and stores nothing', async () => {
      const bad = invoice(ws, { items: [line({ quantity: 0 })] });
      const res = await push('invoices', [{ newDocumentState: bad }]);
      expect(res.rejected).toEqual([{ id: bad.id, code: 'invalid', message: `items.0.quantity: ${itemMessages.quantity}` }]);
      const empty = quoteDoc(ws, { items: [] });
      const res2 = await push('quotes', [{ newDocumentState: empty }]);
      expect(res2.rejected).toEqual([{ id: empty.id, code: 'invalid', message: `items: ${itemMessages.oneLine}` }]);
      expect(await stored('invoices', bad.id)).toEqual([]);
      expect(await stored('quotes', empty.id)).toEqual([]);
    });

    it('a quote converted to an invoice is frozen; the invoice remembers its quote', async () => {
      const q = quoteDoc(ws, { status: 'sent' });
      await push('quotes', [{ newDocumentState: q }]);
      const [sentQuote] = await stored('quotes', q.id);
      expect(sentQuote).toMatchObject({ total_cents: 115_000, tax_cents: 15_000 });
      const inv = invoice(ws, { converted_from_quote_id: q.id, items: q.items, invoice_number: 'INV-000010' });
      const converted = { ...sentQuote, status: 'accepted', converted_to_invoice_id: inv.id, updated_at: now() };
      expect(await push('invoices', [{ newDocumentState: inv }])).toEqual({ conflicts: [], rejected: [] });
      expect(await push('quotes', [{ newDocumentState: converted, assumedMasterState: sentQuote }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      const [master] = await stored('quotes', q.id);
      expect(master).toMatchObject({ status: 'accepted', converted_to_invoice_id: inv.id });
      expect((await stored('invoices', inv.id))[0]).toMatchObject({ converted_from_quote_id: q.id, total_cents: 115_000 });
      const res = await push('quotes', [
        { newDocumentState: { ...master, notes: 'late edit', updated_at: now() }, assumedMasterState: master },
      ]);
      expect(res.rejected).toEqual([{ id: q.id, code: 'immutable', message: frozenMessages.quoteConverted }]);
    });
  });
}

function quoteDoc(workspace_id: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    workspace_id,
    updated_at: now(),
    customer_name: 'Sipho Nkosi',
    issue_date: '2026-03-02',
    expiry_date: '2026-04-01',
    currency: 'ZAR',
    prices_include_vat: false,
    quote_number: 'QUO-000001',
    items: [line({ quantity: 1, unit_price_cents: 100_000 })],
    ...extra,
  };
}
