import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pullResponse, pushResponse } from '../../schema/sync/contract.js';
import { fillPath, type EndpointDef } from '../../schema/kit/http.js';
import { recordKindList, type RecordKind } from '../../schema/sync/records.js';
import { replicatedCollections, type ReplicatedEntity } from '../../schema/replicated.js';
import { memberDto, workspaceDto } from '../../schema/workspaces/workspaces.js';
import { driveFolderDto, shareLinkCreated } from '../../schema/drive/drive.js';
import { apiAreas } from '../../sync-server/api/areas.js';
import type { Db } from '../../sync-server/db/db.js';
import { collectionRules } from '../../sync-server/sync/rules.js';
import { startBillingHarness, type BillingHarness } from '../support/billing.js';
import {
  contractEndpoints,
  objectKeys,
  ownedRows,
  pathParams,
  sampleOf,
  WORKSPACE_KEY,
  type ContractEndpoint,
  type Sample,
} from '../support/contract-probe.js';
import { testDatabases } from '../support/databases.js';
import { dealFields, seedBoard } from '../support/deal-board.js';
import { seedPaidOrder } from '../support/marketplace-orders.js';
import { signedInUser } from '../support/fixtures.js';
import type { CookieClient } from '../support/server.js';

/**
 * Tenancy (SECURITY.md): user B, signed in with a workspace of their own, aims every endpoint of the
 * API contract that names a workspace or another account's record, and every replicated collection,
 * at user A's. Each is refused, nothing of A's leaks into an answer, and A's rows stay exactly as
 * they were. The endpoints and collections come from the registries, so a module added later is
 * probed without being listed here; the last tests fail if the walk covered less than the registry.
 */

/** What A owns that an input can name. */
type Owned =
  | 'workspace'
  | 'member'
  | 'card'
  | 'payment'
  | 'folder'
  | 'file'
  | 'link'
  | 'invoice'
  | 'project'
  | 'account'
  | 'classified'
  | 'inquiry'
  | 'report'
  | 'event'
  | 'ticketType'
  | 'attendee'
  | 'registration'
  | 'order'
  | 'checkout'
  | 'contentEntry'
  | 'template'
  | 'review'
  | 'service'
  | 'staff'
  | 'timeOff'
  | 'appointment';

/** Every path parameter of the contract, by the segment before it: what it names. */
const pathParamKinds: Record<string, Owned | 'collection' | 'choice'> = {
  'workspaces/:id': 'workspace',
  'members/:memberId': 'member',
  'payment-methods/:id': 'card',
  // Walked once per replicated collection.
  'sync/:collection': 'collection',
  // One of a fixed list (the sign-in providers): nobody's data.
  'auth/:provider': 'choice',
  'folders/:folderId': 'folder',
  'files/:fileId': 'file',
  'links/:linkId': 'link',
  // A share link's secret: holding it is the proof (sync-server/api/drive/drive.test.ts revokes and expires them).
  'shared/:token': 'choice',
  'invoices/:documentId': 'invoice',
  // The public invoice page: the token in its query is the proof (sync-server/api/invoices/invoice-delivery.test.ts).
  'storefront/:slug': 'choice',
  'invoices/:number': 'choice',
  // The public quote page: as the invoice's, the token in its query or body is the proof (sync-server/api/invoices/quote-accept.test.ts).
  'quotes/:number': 'choice',
  // One of the fixed series (receipt, invoice, quote): the workspace in the path is what is owned.
  'number-series/:series': 'choice',
  // A receipt's public page: its token is the proof (sync-server/api/pos/pos-refunds.test.ts).
  'receipts/:token': 'choice',
  'projects/:projectId': 'project',
  // A project member is an account: A's own.
  'members/:userId': 'account',
  // A marketplace product or storefront is public by choice of its seller: anyone may name one.
  'products/:productId': 'choice',
  'items/:productId': 'choice',
  'storefronts/:slug': 'choice',
  // A's draft ad (a published one is anyone's to read), a photo of it, and a buyer's inquiry to A.
  'classifieds/:classifiedId': 'classified',
  'photos/:fileId': 'file',
  'classified-inquiries/:inquiryId': 'inquiry',
  // A report of A's ad: only Vuka's admins may resolve it.
  'classified-reports/:reportId': 'report',
  // A's event, one of its ticket types and one of its attendees.
  'events/:eventId': 'event',
  'ticket-types/:typeId': 'ticketType',
  'attendees/:attendeeId': 'attendee',
  // A's registration (an order of tickets), which A approves or declines.
  'registrations/:registrationId': 'registration',
  // A published event's public page, by the slug its organiser published.
  'events/:slug': 'choice',
  // A picture in A's drive, asked for as a public event's cover or gallery picture.
  'pictures/:fileId': 'file',
  // A ticket checkout's reference and a ticket's token: holding one is the proof (sync-server/api/events/events.test.ts).
  'checkouts/:reference': 'choice',
  'tickets/:token': 'choice',
  // An order a buyer placed in A's storefront, and a checkout A paid for as a buyer.
  'orders/:orderId': 'order',
  'checkout/:reference': 'checkout',
  // A's content entry (a draft: a published article is read by its magazine slug, anyone's to read).
  'content/:entryId': 'contentEntry',
  // A published article on the magazine.
  'articles/:slug': 'choice',
  // A saved prompt template of A's workspace.
  'templates/:templateId': 'template',
  // A review of one of A's products: A's to answer or hide.
  'reviews/:reviewId': 'review',
  // A public product kept on the caller's own wishlist.
  'wishlist/:productId': 'choice',
  // A's service (even one not offered to the public), a staff member of A's and an appointment in A's diary.
  'services/:serviceId': 'service',
  'consultants/:staffId': 'staff',
  'time-off/:timeOffId': 'timeOff',
  'appointments/:appointmentId': 'appointment',
  // A service its business offers for booking is anyone's to book; one not offered answers 404.
  'services/:publicServiceId': 'choice',
  // A customer's signed booking link: holding it is the proof (sync-server/api/bookings/bookings.test.ts forges one).
  'bookings/:bookingToken': 'choice',
};

/** Query and body fields that name something an account owns. */
const fieldKinds: Record<string, Owned> = {
  workspace: 'workspace',
  workspace_id: 'workspace',
  workspaceId: 'workspace',
  payment_method_id: 'card',
  reference: 'payment',
  user_id: 'account',
};

/** Fields that look like references but name nothing of another account's, and why. */
const notReferences: Record<string, string> = {
  'sync.pull:id': 'a checkpoint: the last document id of a page the caller has already read',
  'marketplace.addToCart:product_id': 'a public product; one not for sale is refused (sync-server/api/marketplace/marketplace.test.ts)',
  'sync.reserveNumbers:device_id': 'the name the caller gives their own device',
  'sync.reserveNumbers:request_id': 'the name the caller gives their own reservation, kept per device and workspace',
  'auth.resetPassword:token': 'a secret from a mail: holding it is the proof',
  'workspaces.acceptInvitation:token': 'a secret from a mail: holding it is the proof',
  'workspaces.previewInvitation:token': 'the same secret, read before signing in: it names only whom it invites and where',
  'mail.confirm:token': 'a secret from the opt-in mail: holding it is the proof (it names an address, no workspace)',
  'drive.createFolder:parent_id': 'a folder of the workspace the path names, looked up inside it',
  'drive.updateFolder:parent_id': 'a folder of the workspace the path names, looked up inside it',
  'drive.updateFile:folder_id': 'a folder of the workspace the path names, looked up inside it',
  'classifieds.report:message_id': 'a message about the ad the path names, looked up inside it',
  'events.order:ticket_type_id': 'a ticket type of the published event the path names, looked up inside it',
  'content.create:category_id': 'a category of the workspace the path names, looked up inside it',
  'content.update:category_id': 'a category of the workspace the path names, looked up inside it',
  'content.create:cover_file_id': 'a picture in the drive of the workspace the path names, looked up inside it',
  'content.update:cover_file_id': 'a picture in the drive of the workspace the path names, looked up inside it',
  'bookings.appointments:staff_id': 'a staff member of the workspace the path names, looked up inside it',
  'bookings.createAppointment:service_id': 'a service of the workspace the path names, looked up inside it',
  'bookings.createAppointment:staff_id': 'a staff member of the service named, looked up inside the workspace the path names',
  'bookings.updateAppointment:staff_id': 'a staff member of the appointment’s service, looked up inside the workspace the path names',
  'bookings.book:staff_id': 'a staff member of the public service the path names, looked up inside it',
  'bookings.rescheduleBooking:staff_id': 'a staff member of the booked service, checked against that service before any lock or write',
};
const REFERENCE_LIKE = /(^|_)(id|workspace|reference|token)$|I[dD]$/;

/**
 * Routes the API areas mount outside the contract, and why the tenancy walk need not probe them.
 * A new route must either join the contract (and so the walk) or be named here.
 */
const outsideContract: Record<string, string> = {
  'GET /api/health': 'says only that the server is up; names nothing of anyone’s',
  'GET /api/public/tickets/:token/pdf':
    'a ticket as a PDF: its token is the proof, as on the ticket page (sync-server/api/events/events.test.ts)',
  'GET /sitemap.xml': 'lists only what sellers published (sync-server/api/marketplace/marketplace.test.ts)',
  'GET /api/auth/:provider/callback': 'the provider’s return from a sign-in, checked against a one-time state bound to this browser',
  'POST /api/billing/paystack/webhook': 'the provider’s, believed only with its signature (tests/security/webhooks.test.ts)',
  'GET /dev/mailbox.json': 'development only, unreachable from another machine (tests/security/deploy.test.ts)',
  'GET /dev/mailbox': 'development only, unreachable from another machine (tests/security/deploy.test.ts)',
  'POST /api/workspaces/:id/drive/uploads':
    'the tus protocol’s, not JSON: a member of the workspace only (sync-server/api/drive/drive.test.ts probes it from another workspace)',
  'HEAD /api/workspaces/:id/drive/uploads/:uploadId': 'tus: only the member who started the upload, in its workspace (drive.test.ts)',
  'PATCH /api/workspaces/:id/drive/uploads/:uploadId': 'tus: only the member who started the upload, in its workspace (drive.test.ts)',
  'DELETE /api/workspaces/:id/drive/uploads/:uploadId': 'tus: only the member who started the upload, in its workspace (drive.test.ts)',
};

/**
 * Bodies the zod sampler cannot derive (a cross-field rule, a custom check), by endpoint name.
 * The batched sync endpoints take lists with cross-item rules (each collection once) the sampler skips.
 */
const bodyOverrides: Record<string, unknown> = {
  'sync.pullMany': [{ collection: 'contacts', seq: 0, id: '', limit: 10 }],
  'sync.pushMany': [{ collection: 'contacts', rows: [] }],
  'events.create': { title: 'Probe event', start_date: '2030-01-01' },
  'events.addTicketType': { name: 'Probe ticket', quantity: 10 },
  'events.updateTicketType': { name: 'Probe ticket', quantity: 10 },
  'marketplace.moderateReview': { status: 'hidden', seller_response: 'Probe' },
  'bookings.createService': { title: 'Probe cut', price_cents: 100, duration_minutes: 30, staff_ids: [randomUUID()] },
  'bookings.updateService': { title: 'Probe cut' },
  'bookings.addTimeOff': { start_at: '2030-01-01T08:00:00Z', end_at: '2030-01-01T17:00:00Z' },
  'bookings.putRules': {
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    min_notice_minutes: 0,
    horizon_days: 30,
    slot_step_minutes: 30,
    daily_limit: null,
    cancel_cutoff_hours: 0,
  },
  'bookings.createAppointment': {
    service_id: randomUUID(),
    staff_id: randomUUID(),
    start_at: '2030-01-07T10:00:00Z',
    customer_name: 'Probe customer',
  },
  'bookings.updateAppointment': { status: 'cancelled' },
};

/** Each workspace's staff member and service, which an appointment must name (set up with the workspaces). */
const diaries = new Map<number, { service: string; staff: string }>();

/** Each workspace's marketplace order, which an order status change must name (set up with the workspaces). */
const sellerOrders = new Map<number, string>();

/** Each workspace's sales board, which its deals name (set up with the workspaces). */
const boards = new Map<number, { pipeline: string; stage: string }>();

/** Each workspace's pipeline, which its stages name (set up with the workspaces' records). */
const pipelinesOf = new Map<number, string>();

/** A record of each kind for a workspace (`records` holds every kind: each is probed on its own too). */
const recordData: Record<string, (workspaceId: number) => Record<string, unknown>> = {
  pipeline: () => ({ name: 'Probe pipeline', position: 0 }),
  pipeline_stage: (workspaceId) => ({
    pipeline_id: pipelinesOf.get(workspaceId) ?? randomUUID(),
    name: 'Probe stage',
    color: '#4F46E5',
    position: 0,
    probability: 10,
  }),
};

function recordOf(kind: RecordKind, workspaceId: number): Record<string, unknown> {
  const data = recordData[kind.kind]?.(workspaceId);
  if (!data) throw new Error(`No record can be made of kind ${kind.kind}: add one to recordData`);
  return { id: randomUUID(), workspace_id: workspaceId, kind: kind.kind, data, updated_at: new Date().toISOString() };
}

/** Replicated documents the sampler cannot derive, by collection, for a workspace. */
const documentOverrides: Record<string, (workspaceId: number) => Record<string, unknown>> = {
  records: (workspaceId) => {
    const { id: _id, workspace_id: _ws, updated_at: _at, ...rest } = recordOf(recordKindList[0], workspaceId);
    return rest;
  },
  deals: (workspaceId) => dealFields(boards.get(workspaceId) ?? { pipeline: randomUUID(), stage: randomUUID() }),
  order_changes: (workspaceId) => ({
    order_id: sellerOrders.get(workspaceId) ?? randomUUID(),
    status: 'processing',
    created_at: new Date().toISOString(),
  }),
  appointments: (workspaceId) => {
    const diary = diaries.get(workspaceId) ?? { service: randomUUID(), staff: randomUUID() };
    return {
      service_id: diary.service,
      consultant_id: diary.staff,
      start_at: '2030-01-07T10:00:00.000Z',
      end_at: '2030-01-07T11:00:00.000Z',
      duration_minutes: 60,
      price_cents: 20_000,
      currency: 'ZAR',
      status: 'confirmed',
      customer_name: 'Probe customer',
      customer_email: '',
      customer_phone: '',
    };
  },
};

interface Probe {
  /** `area.endpoint`, plus the collection for sync endpoints. */
  label: string;
  endpoint: ContractEndpoint;
  collection?: string;
  /** The owned things this probe names. */
  names: Owned[];
}

function fieldsOf(endpoint: ContractEndpoint): string[] {
  return [...objectKeys(endpoint.def.query), ...objectKeys(endpoint.def.body)];
}

/** Every endpoint that names a workspace or an account's record, once per collection for sync. */
function crossTenantProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const endpoint of contractEndpoints()) {
    const kinds = pathParams(endpoint.def.path).map((p) => pathParamKinds[p.key]);
    const names: Owned[] = [];
    for (const kind of kinds) if (kind !== undefined && kind !== 'collection' && kind !== 'choice') names.push(kind);
    for (const key of fieldsOf(endpoint)) if (fieldKinds[key]) names.push(fieldKinds[key]);
    if (names.length === 0) continue;
    const collections = kinds.includes('collection') ? replicatedCollections.map((c) => c.name) : [undefined];
    for (const collection of collections) {
      probes.push({ label: collection ? `${endpoint.name} on ${collection}` : endpoint.name, endpoint, collection, names });
    }
  }
  return probes;
}

/** A minimal valid document of a collection, from its schema (or an override). */
function documentOf(entity: ReplicatedEntity, workspaceId: number): Record<string, unknown> {
  const sample = sampleOf(entity.fields);
  const base = documentOverrides[entity.name]?.(workspaceId) ?? (sample.ok && isRecord(sample.value) ? sample.value : undefined);
  if (!base) throw new Error(`No document can be derived for ${entity.name}: add one to documentOverrides`);
  return { ...base, id: randomUUID(), workspace_id: workspaceId, updated_at: new Date().toISOString() };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const probes = crossTenantProbes();

for (const target of testDatabases()) {
  describe(`cross-tenant probes on ${target.name}`, () => {
    let db: Db;
    let h: BillingHarness;
    let a: CookieClient;
    let b: CookieClient;
    let aUserId: number;
    let aEmail: string;
    let aWorkspace: z.infer<typeof workspaceDto>;
    let bWorkspaceId: number;
    const aOwns: Record<Owned, string | number> = {
      workspace: 0,
      member: 0,
      card: 0,
      payment: '',
      folder: '',
      file: '',
      link: '',
      invoice: '',
      project: '',
      account: 0,
      classified: '',
      inquiry: '',
      report: '',
      event: '',
      ticketType: '',
      attendee: '',
      registration: '',
      order: '',
      checkout: '',
      contentEntry: '',
      template: '',
      review: '',
      service: '',
      staff: '',
      timeOff: '',
      appointment: '',
    };
    /** A's stored document of each collection, as pulled back. */
    const aDocs = new Map<string, Record<string, unknown>>();
    /** A's stored record of each kind of `records`, as pulled back. */
    const aRecords = new Map<string, Record<string, unknown>>();
    let before: Record<string, unknown[]>;
    const probed = new Set<string>();
    const probedCollections = new Set<string>();

    const pushAs = (client: CookieClient, collection: string, workspace: number, rows: unknown) =>
      client.request('POST', `/api/sync/${collection}/push?workspace=${workspace}`, rows);
    const pullAs = (client: CookieClient, collection: string, workspace: number) =>
      client.get(`/api/sync/${collection}/pull?workspace=${workspace}&seq=0&limit=1000`);

    beforeAll(async () => {
      db = await target.open();
      h = await startBillingHarness(db);
      const userA = await signedInUser(h.server, { full_name: 'Tenant A' });
      const userB = await signedInUser(h.server, { full_name: 'Tenant B' });
      a = userA.client;
      b = userB.client;
      aUserId = userA.user.id;
      aEmail = userA.user.email;
      aWorkspace = workspaceDto.parse((await a.post('/api/workspaces', { name: `Tenant A ${randomUUID().slice(0, 8)}` })).json);
      bWorkspaceId = workspaceDto.parse((await b.post('/api/workspaces', { name: 'Tenant B' })).json).id;
      aOwns.workspace = aWorkspace.id;
      // Each workspace's diary: a staff member and a service its appointments name.
      for (const [client, workspaceId] of [
        [a, aWorkspace.id],
        [b, bWorkspaceId],
      ] as const) {
        const staff = (await client.post(`/api/workspaces/${workspaceId}/consultants`, { name: 'Probe staff' })).json as { id: string };
        const service = (
          await client.post(`/api/workspaces/${workspaceId}/services`, {
            title: 'Probe service',
            price_cents: 20_000,
            duration_minutes: 60,
            staff_ids: [staff.id],
          })
        ).json as { id: string };
        diaries.set(workspaceId, { service: service.id, staff: staff.id });
        sellerOrders.set(workspaceId, await seedPaidOrder(db, workspaceId));
        boards.set(workspaceId, await seedBoard(db, workspaceId));
      }

      // A's data: a pending invitation, a document in every collection, a number block, a saved card
      // and a payment.
      const invited = await a.post(`/api/workspaces/${aWorkspace.id}/invitations`, { email: `invitee.${randomUUID()}@example.test` });
      aOwns.member = memberDto.parse(invited.json).id;
      for (const entity of replicatedCollections) {
        const doc = documentOf(entity, aWorkspace.id);
        const pushed = await pushAs(a, entity.name, aWorkspace.id, [{ newDocumentState: doc, assumedMasterState: null }]);
        expect(pushResponse.parse(pushed.json), `A's ${entity.name} document is stored`).toEqual({ conflicts: [], rejected: [] });
        const pulled = pullResponse.parse((await pullAs(a, entity.name, aWorkspace.id)).json);
        const stored = pulled.documents.find((d) => d.id === doc.id);
        if (!stored) throw new Error(`A's ${entity.name} document did not come back`);
        aDocs.set(entity.name, stored);
      }
      // A's record of every kind (the first kind's is A's `records` document above); each workspace's
      // stages name that workspace's pipeline.
      pipelinesOf.set(aWorkspace.id, String(aDocs.get('records')?.id ?? ''));
      for (const kind of recordKindList.slice(1)) {
        const doc = recordOf(kind, aWorkspace.id);
        const pushed = pushResponse.parse((await pushAs(a, 'records', aWorkspace.id, [{ newDocumentState: doc }])).json);
        expect(pushed, `A's ${kind.kind} record is stored`).toEqual({ conflicts: [], rejected: [] });
        const stored = pullResponse.parse((await pullAs(a, 'records', aWorkspace.id)).json).documents.find((d) => d.id === doc.id);
        if (!stored) throw new Error(`A's ${kind.kind} record did not come back`);
        aRecords.set(kind.kind, stored);
      }
      aOwns.invoice = String(aDocs.get('invoices')?.id ?? '');
      await a.post(`/api/workspaces/${aWorkspace.id}/number-blocks`, { device_id: 'tenant-a-till', series: 'invoice', size: 10 });
      const [card] = await db.query<{ id: number }>(
        `INSERT INTO payment_methods (user_id, provider_id, signature, last4, brand, exp_month, exp_year, is_default)
         VALUES ($1, 'AUTH_tenant_a', 'SIG_tenant_a', '4081', 'visa', 12, 2039, true) RETURNING id`,
        [aUserId],
      );
      aOwns.card = card.id;
      aOwns.payment = `tenant-a-${randomUUID()}`;
      await db.query(
        `INSERT INTO payments (user_id, reference, item, subtotal_cents, amount_cents) VALUES ($1, $2, 'credits_50', 4900, 4900)`,
        [aUserId, aOwns.payment],
      );
      // A drive folder, a file in it and a share link to the file (the row only: no probe reaches the bytes).
      aOwns.folder = driveFolderDto.parse(
        (await a.post(`/api/workspaces/${aWorkspace.id}/drive/folders`, { name: 'Tenant A folder' })).json,
      ).id;
      aOwns.file = randomUUID();
      await db.query(
        `INSERT INTO drive_files (workspace_id, id, folder_id, name, mime_type, size_bytes, sha256, storage_key)
         VALUES ($1, $2, $3, 'tenant-a.pdf', 'application/pdf', 10, $4, $5)`,
        [aWorkspace.id, aOwns.file, aOwns.folder, '0'.repeat(64), `workspaces/${aWorkspace.id}/files/${aOwns.file}`],
      );
      aOwns.account = aUserId;
      aOwns.project = z
        .object({ id: z.string() })
        .parse((await a.post(`/api/workspaces/${aWorkspace.id}/projects`, { name: 'Tenant A project' })).json).id;
      // A's draft ad, and a question another buyer asked about A's published one, which they also reported.
      const ad = (body: Record<string, unknown>) =>
        a.post(`/api/workspaces/${aWorkspace.id}/classifieds`, { title: 'Tenant A bicycle', category: 'other', ...body });
      aOwns.classified = z.object({ id: z.string() }).parse((await ad({ status: 'draft' })).json).id;
      const published = z.object({ id: z.string() }).parse((await ad({ status: 'published' })).json).id;
      const asker = await signedInUser(h.server, { full_name: 'Tenant C' });
      aOwns.inquiry = z
        .object({ id: z.string() })
        .parse((await asker.client.post(`/api/classifieds/${published}/inquiries`, { message: 'Is it still available?' })).json).id;
      expect((await asker.client.post(`/api/classifieds/${published}/reports`, { reason: 'Asks for a deposit' })).status).toBe(200);
      const [report] = await db.query<{ id: string }>('SELECT id FROM classified_reports WHERE classified_id = $1', [published]);
      aOwns.report = report.id;
      // A's published event with a free ticket type, and one attendee (and registration) another person made.
      const event = z.object({ id: z.string(), slug: z.string() }).parse(
        (
          await a.post(`/api/workspaces/${aWorkspace.id}/events`, {
            title: 'Tenant A fair',
            start_date: '2031-03-01',
            status: 'published',
          })
        ).json,
      );
      aOwns.event = event.id;
      // Adding a ticket type answers the event with its ticket types.
      aOwns.ticketType = z
        .object({ ticket_types: z.array(z.object({ id: z.string() })) })
        .parse(
          (await a.post(`/api/workspaces/${aWorkspace.id}/events/${event.id}/ticket-types`, { name: 'Entry', quantity: 50 })).json,
        ).ticket_types[0].id;
      const registered = await asker.client.post(`/api/public/events/${event.slug}/orders`, {
        lines: [{ ticket_type_id: aOwns.ticketType, quantity: 1 }],
        name: 'Tenant C',
        email: 'tenant-c@example.test',
      });
      expect(registered.status, JSON.stringify(registered.json)).toBeLessThan(300);
      const [attendee] = z
        .object({ attendees: z.array(z.object({ id: z.string(), registration_id: z.string() })) })
        .parse((await a.get(`/api/workspaces/${aWorkspace.id}/events/${event.id}/attendees`)).json).attendees;
      aOwns.attendee = attendee.id;
      aOwns.registration = attendee.registration_id;
      // A marketplace checkout A paid as a buyer, with its order in A's own storefront.
      aOwns.checkout = `vkord_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      aOwns.order = randomUUID();
      const checkoutId = randomUUID();
      const address = JSON.stringify({
        name: 'Tenant A',
        line1: '1 Main Rd',
        city: 'Durban',
        province: 'KwaZulu-Natal',
        postal_code: '4001',
        country: 'ZA',
      });
      await db.query(
        `INSERT INTO marketplace_checkouts (id, user_id, reference, email, amount_cents, shipping_address) VALUES ($1, $2, $3, $4, 5000, $5::jsonb)`,
        [checkoutId, aUserId, aOwns.checkout, aEmail, address],
      );
      await db.query(
        `INSERT INTO marketplace_orders (workspace_id, id, checkout_id, buyer_id, buyer_name, buyer_email, order_number, status, payment_status,
           subtotal_cents, total_cents, shipping_address, billing_address, payment_reference)
         VALUES ($1, $2, $3, $4, 'Tenant A', $5, 'ORD-00001', 'confirmed', 'paid', 5000, 5000, $6::jsonb, $6::jsonb, $7)`,
        [aWorkspace.id, aOwns.order, checkoutId, aUserId, aEmail, address, aOwns.checkout],
      );
      // A's draft entry in the content area.
      aOwns.contentEntry = z
        .object({ id: z.string() })
        .parse((await a.post(`/api/workspaces/${aWorkspace.id}/content`, { title: 'Tenant A plans' })).json).id;
      aOwns.template = z.object({ id: z.string() }).parse(
        (
          await a.post(`/api/workspaces/${aWorkspace.id}/ai/templates`, {
            name: 'Tenant A launch',
            operation: 'caption',
            template: 'New {{product}}',
            variables: ['product'],
          })
        ).json,
      ).id;
      // A buyer's review of a product in A's storefront.
      aOwns.review = randomUUID();
      await db.query(
        `INSERT INTO product_reviews (workspace_id, id, product_id, user_id, author_name, rating, title, content, verified_purchase)
         VALUES ($1, $2, 'probe-product', $3, 'Tenant A', 4, 'Good', 'Arrived on time', true)`,
        [aWorkspace.id, aOwns.review, aUserId],
      );
      // A's staff member, a service not offered to the public, and a phone booking in A's diary.
      aOwns.staff = z
        .object({ id: z.string() })
        .parse((await a.post(`/api/workspaces/${aWorkspace.id}/consultants`, { name: 'Tenant A stylist' })).json).id;
      aOwns.timeOff = z.object({ time_off: z.array(z.object({ id: z.string() })) }).parse(
        (
          await a.post(`/api/workspaces/${aWorkspace.id}/consultants/${aOwns.staff}/time-off`, {
            start_at: '2030-02-01T00:00:00Z',
            end_at: '2030-02-02T00:00:00Z',
            reason: 'Leave',
          })
        ).json,
      ).time_off[0].id;
      aOwns.service = z.object({ id: z.string() }).parse(
        (
          await a.post(`/api/workspaces/${aWorkspace.id}/services`, {
            title: 'Tenant A haircut',
            price_cents: 10000,
            duration_minutes: 30,
            is_public: false,
            staff_ids: [aOwns.staff],
          })
        ).json,
      ).id;
      const nextMonday = new Date(Date.now() + 14 * 86_400_000);
      nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7));
      const booked = await a.post(`/api/workspaces/${aWorkspace.id}/appointments`, {
        service_id: aOwns.service,
        staff_id: aOwns.staff,
        start_at: `${nextMonday.toISOString().slice(0, 10)}T10:00:00Z`,
        customer_name: 'Tenant A customer',
      });
      aOwns.appointment = z.object({ id: z.string() }).parse(booked.json).id;
      aOwns.link = shareLinkCreated.parse((await a.post(`/api/workspaces/${aWorkspace.id}/drive/files/${aOwns.file}/links`, {})).json).id;
      before = await ownedRows(db, { userId: aUserId, workspaceId: aWorkspace.id });
    });
    afterAll(async () => {
      await h?.close();
      await db?.close();
    });

    /** What B sends: A's ids where the endpoint names something owned, a valid sample elsewhere. */
    function inputOf(probe: Probe) {
      const { def, name } = probe.endpoint;
      const params: Record<string, string | number> = {};
      for (const p of pathParams(def.path)) {
        const kind = pathParamKinds[p.key];
        if (kind === 'collection') params[p.name] = probe.collection ?? '';
        else if (kind === 'choice') params[p.name] = sampledField(def.params, p.name);
        else params[p.name] = aOwns[kind];
      }
      const query = withOwned(def.query, def.query ? sampleOf(def.query) : { ok: true, value: undefined });
      const body = withOwned(
        def.body,
        name in bodyOverrides ? { ok: true, value: bodyOverrides[name] } : def.body ? sampleOf(def.body) : { ok: true, value: undefined },
      );
      return { params, query, body };
    }

    /** The sample with every field that names something owned (optional ones too) set to A's. */
    function withOwned(schema: z.ZodType | undefined, sample: Sample): { ok: boolean; value: unknown } {
      if (!sample.ok) return { ok: false, value: undefined };
      if (!isRecord(sample.value)) return sample;
      const out: Record<string, unknown> = { ...sample.value };
      for (const key of objectKeys(schema)) if (fieldKinds[key]) out[key] = aOwns[fieldKinds[key]];
      return { ok: true, value: out };
    }

    for (const probe of probes) {
      it(`B cannot reach A's ${probe.names.join(' and ')} through ${probe.label}: ${probe.endpoint.def.method} ${probe.endpoint.def.path}`, async () => {
        const { def } = probe.endpoint;
        const input = inputOf(probe);
        expect(input.body.ok, `${probe.label}: derive a body from its schema or add it to bodyOverrides`).toBe(true);
        expect(input.query.ok, `${probe.label}: no query can be derived from its schema`).toBe(true);
        // The contract's own schemas accept the input, so a refusal cannot be a validation error.
        expectParses(def, input);

        const query = isRecord(input.query.value) ? `?${new URLSearchParams(stringValues(input.query.value))}` : '';
        const res = await b.request(def.method, fillPath(def.path, input.params) + query, input.body.value);
        expect([403, 404], `${probe.label} answered ${res.status}: ${res.text}`).toContain(res.status);
        // A route answered (the catch-all for unknown paths says just "Not found").
        expect(z.object({ message: z.string() }).parse(res.json).message).not.toBe('Not found');
        expect(res.text).not.toContain(aWorkspace.name);
        expect(res.text).not.toContain(aEmail);
        probed.add(probe.label);
      });
    }

    for (const entity of replicatedCollections) {
      const c = entity.name;
      it(`B can neither pull, insert into nor overwrite A's ${c}`, async () => {
        const aDoc = aDocs.get(c);
        if (!aDoc) throw new Error(`no document of A's in ${c}`);
        const pulled = await pullAs(b, c, aWorkspace.id);
        expect(pulled.status).toBe(403);
        expect(pulled.text).not.toContain(String(aDoc.id));

        const fresh = documentOf(entity, aWorkspace.id);
        const insert = await pushAs(b, c, aWorkspace.id, [{ newDocumentState: fresh, assumedMasterState: null }]);
        expect(insert.status).toBe(403);

        const changed = { ...aDoc, updated_at: new Date(Date.now() + 60_000).toISOString() };
        const overwrite = await pushAs(b, c, aWorkspace.id, [{ newDocumentState: changed, assumedMasterState: aDoc }]);
        expect(overwrite.status).toBe(403);
        const erase = await pushAs(b, c, aWorkspace.id, [{ newDocumentState: { ...changed, _deleted: true }, assumedMasterState: aDoc }]);
        expect(erase.status).toBe(403);

        // Through B's own workspace, a document that names A's workspace is refused as forbidden.
        const smuggled = await pushAs(b, c, bWorkspaceId, [{ newDocumentState: changed, assumedMasterState: null }]);
        expect(smuggled.status).toBe(200);
        expect(pushResponse.parse(smuggled.json).rejected).toEqual([expect.objectContaining({ id: aDoc.id, code: 'forbidden' })]);

        // A's id reused in B's workspace is B's own document; A's stays A's.
        const own = { ...documentOf(entity, bWorkspaceId), id: aDoc.id };
        const reused = await pushAs(b, c, bWorkspaceId, [{ newDocumentState: own, assumedMasterState: null }]);
        expect(pushResponse.parse(reused.json)).toEqual({ conflicts: [], rejected: [] });
        const bFeed = pullResponse.parse((await pullAs(b, c, bWorkspaceId)).json).documents;
        // (B's feed also holds what B's workspace started with and was set up with: its first sales pipeline, its board.)
        expect(bFeed.filter((d) => d.id === aDoc.id).map((d) => [d.id, d.workspace_id])).toEqual([[aDoc.id, bWorkspaceId]]);
        expect(bFeed.every((d) => d.workspace_id === bWorkspaceId)).toBe(true);
        const aFeed = pullResponse.parse((await pullAs(a, c, aWorkspace.id)).json).documents;
        // A's document is as it was, and nothing of B's is in A's feed (A's appointment made through
        // the diary's REST calls for the probes above is in it too).
        expect(aFeed.find((d) => d.id === aDoc.id)).toEqual(aDoc);
        expect(aFeed.every((d) => d.workspace_id === aWorkspace.id)).toBe(true);
        probedCollections.add(c);
      });
    }

    // The first kind is the `records` document the walk above probed; every further kind is probed here.
    for (const kind of recordKindList.slice(1)) {
      it(`B can neither pull, insert into nor overwrite A's records of kind ${kind.kind}, each kept in its own table (${kind.entity.name})`, async () => {
        const aDoc = aRecords.get(kind.kind);
        if (!aDoc?.id) throw new Error(`no record of A's of kind ${kind.kind}`);
        const pulled = await pullAs(b, 'records', aWorkspace.id);
        expect(pulled.status).toBe(403);
        expect(pulled.text).not.toContain(String(aDoc.id));
        const insert = await pushAs(b, 'records', aWorkspace.id, [
          { newDocumentState: recordOf(kind, aWorkspace.id), assumedMasterState: null },
        ]);
        expect(insert.status).toBe(403);
        const changed = { ...aDoc, updated_at: new Date(Date.now() + 60_000).toISOString() };
        expect((await pushAs(b, 'records', aWorkspace.id, [{ newDocumentState: changed, assumedMasterState: aDoc }])).status).toBe(403);
        const erase = await pushAs(b, 'records', aWorkspace.id, [
          { newDocumentState: { ...changed, _deleted: true }, assumedMasterState: aDoc },
        ]);
        expect(erase.status).toBe(403);
        // A record of an unknown kind aimed at A's workspace is refused as a member's would not be: 403.
        const unknown = await pushAs(b, 'records', aWorkspace.id, [{ newDocumentState: { ...changed, kind: 'probe' } }]);
        expect(unknown.status).toBe(403);
        // Through B's own workspace, a record that names A's workspace is refused as forbidden.
        const smuggled = await pushAs(b, 'records', bWorkspaceId, [{ newDocumentState: changed, assumedMasterState: null }]);
        expect(pushResponse.parse(smuggled.json).rejected).toEqual([expect.objectContaining({ id: aDoc.id, code: 'forbidden' })]);
        // A's id reused in B's workspace is B's own record; A's stays A's. (B's own stages name B's pipeline.)
        const bPipeline = recordOf(recordKindList[0], bWorkspaceId);
        expect(pushResponse.parse((await pushAs(b, 'records', bWorkspaceId, [{ newDocumentState: bPipeline }])).json).rejected).toEqual([]);
        pipelinesOf.set(bWorkspaceId, String(bPipeline.id));
        const own = { ...recordOf(kind, bWorkspaceId), id: aDoc.id };
        expect(pushResponse.parse((await pushAs(b, 'records', bWorkspaceId, [{ newDocumentState: own }])).json)).toEqual({
          conflicts: [],
          rejected: [],
        });
        const bFeed = pullResponse.parse((await pullAs(b, 'records', bWorkspaceId)).json).documents;
        expect(bFeed.filter((d) => d.id === aDoc.id).map((d) => [d.workspace_id, d.kind])).toEqual([[bWorkspaceId, kind.kind]]);
        const aFeed = pullResponse.parse((await pullAs(a, 'records', aWorkspace.id)).json).documents;
        expect(aFeed.find((d) => d.id === aDoc.id)).toEqual(aDoc);
        expect(aFeed.every((d) => d.workspace_id === aWorkspace.id)).toBe(true);
      });
    }

    it("A's rows are exactly as they were before B's probes", async () => {
      expect(await ownedRows(db, { userId: aUserId, workspaceId: aWorkspace.id })).toEqual(before);
      expect(await db.query(`SELECT 1 FROM mail_outbox WHERE recipient = 'probe@example.test'`)).toEqual([]);
    });

    it('every endpoint that names a workspace or an account’s record was probed', () => {
      const expected = probes.map((p) => p.label);
      expect(expected.length).toBeGreaterThan(0);
      expect([...probed].sort()).toEqual([...expected].sort());
      // Every workspace endpoint of the contract is among them.
      const workspaceEndpoints = contractEndpoints().filter(
        (e) => /\/workspaces\/:/.test(e.def.path) || fieldsOf(e).some((k) => WORKSPACE_KEY.test(k)),
      );
      expect(workspaceEndpoints.length).toBeGreaterThan(0);
      for (const e of workspaceEndpoints) expect(expected.some((label) => label.startsWith(e.name))).toBe(true);
    });

    it('every route the API areas mount is in the contract or named in outsideContract', () => {
      const contract = new Set(contractEndpoints().map((e) => `${e.def.method} ${e.def.path}`));
      const mounted: string[] = [];
      for (const area of apiAreas) {
        for (const layer of area(h.server.deps).stack) {
          const route = layer.route;
          if (!route) continue;
          for (const handler of route.stack) mounted.push(`${handler.method.toUpperCase()} ${route.path}`);
        }
      }
      for (const endpoint of contract) expect(mounted, 'the contract is served').toContain(endpoint);
      const unknown = mounted.filter((r) => !contract.has(r) && outsideContract[r] === undefined);
      expect(unknown, 'add these to the contract or to outsideContract').toEqual([]);
    });

    it('every replicated collection the server serves was probed', () => {
      const names = replicatedCollections.map((c) => c.name);
      expect(names.length).toBeGreaterThan(0);
      expect([...probedCollections].sort()).toEqual([...names].sort());
      // The rules name each collection, and each kind of `records` by its table (probed with `records`).
      const tables = [...names, ...recordKindList.map((k) => k.entity.name)];
      for (const ruled of Object.keys(collectionRules)) expect(tables).toContain(ruled);
    });
  });
}

describe('the cross-tenant walk knows every input', () => {
  it('every path parameter of the contract is known to the probe', () => {
    for (const endpoint of contractEndpoints()) {
      for (const p of pathParams(endpoint.def.path)) {
        expect(pathParamKinds[p.key], `${endpoint.name}: say what ${p.key} names in pathParamKinds`).toBeDefined();
      }
    }
  });

  it('every query or body field that looks like a reference is known to the probe', () => {
    for (const endpoint of contractEndpoints()) {
      for (const key of fieldsOf(endpoint)) {
        if (!REFERENCE_LIKE.test(key)) continue;
        const known = fieldKinds[key] !== undefined || notReferences[`${endpoint.name}:${key}`] !== undefined;
        expect(known, `${endpoint.name}: add ${key} to fieldKinds or notReferences`).toBe(true);
      }
    }
  });

  it('every probed endpoint has a body derived from its schema or an override', () => {
    for (const probe of probes) {
      const { def, name } = probe.endpoint;
      if (!def.body || name in bodyOverrides) continue;
      expect(sampleOf(def.body).ok, `${name}: add a body to bodyOverrides`).toBe(true);
    }
    for (const name of Object.keys(bodyOverrides)) expect(probes.map((p) => p.endpoint.name)).toContain(name);
  });

  it('every replicated collection has a document derived from its schema or an override', () => {
    for (const entity of replicatedCollections) {
      expect(() => documentOf(entity, 1), entity.name).not.toThrow();
    }
  });
});

/** A valid value of one path parameter, from its own schema (its neighbours may name owned things no sample fits). */
function sampledField(schema: z.ZodType | undefined, key: string): string {
  const field: z.core.$ZodType | undefined = schema instanceof z.ZodObject ? schema.shape[key] : undefined;
  const sample = field ? sampleOf(field) : { ok: false as const };
  const value = sample.ok ? sample.value : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`no value for path parameter ${key}`);
  return String(value);
}

function stringValues(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, String(v)]));
}

function expectParses(
  def: EndpointDef,
  input: { params: Record<string, string | number>; query: { value: unknown }; body: { value: unknown } },
) {
  if (def.params) expect(def.params.safeParse(stringValues(input.params)).success, 'params parse').toBe(true);
  if (def.query)
    expect(def.query.safeParse(isRecord(input.query.value) ? stringValues(input.query.value) : {}).success, 'query parses').toBe(true);
  if (def.body) expect(def.body.safeParse(input.body.value).success, 'body parses').toBe(true);
}
