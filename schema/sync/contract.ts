import { z } from 'zod';
import { idParam, text } from '../kit/input.js';
import { endpoint } from '../kit/http.js';
import { replicatedNames } from '../replicated.js';

/**
 * A document as it travels: the server validates each one with its collection's own schema, so here
 * it only has to be a JSON object. Checked without copying: a sync batch carries thousands of fields.
 */
export const syncDocument = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Expected a document object',
);

export const syncCheckpoint = z.object({ seq: z.number().int().nonnegative(), id: z.string() });
export type SyncCheckpoint = z.infer<typeof syncCheckpoint>;

const collectionParam = z.object({
  collection: text().refine((c) => replicatedNames.includes(c), 'Unknown collection'),
});

export const pullQuery = z.object({
  workspace: idParam,
  seq: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  id: text(64).default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const pullResponse = z.object({
  documents: z.array(syncDocument),
  checkpoint: syncCheckpoint,
  /** The workspace's newest change number (all collections share the sequence). */
  head: z.number().int().nonnegative().optional(),
});
export type PullResponse = z.infer<typeof pullResponse>;

export const pushRow = z.object({
  newDocumentState: syncDocument,
  assumedMasterState: syncDocument.nullish(),
});
export type PushRow = z.infer<typeof pushRow>;

/** Why the server refused a document. */
export const rejectionCode = z.enum(['invalid', 'plan_limit', 'immutable', 'forbidden']);
export type RejectionCode = z.infer<typeof rejectionCode>;

export const rejection = z.object({ id: z.string(), code: rejectionCode, message: z.string() });
export type Rejection = z.infer<typeof rejection>;

export const pushResponse = z.object({ conflicts: z.array(syncDocument), rejected: z.array(rejection) });
export type PushResponse = z.infer<typeof pushResponse>;

/**
 * Several collections of one workspace in one request: what a device asks for when a live notice or
 * a reconnect makes it catch up on many collections at once, and what a sale (an order and its stock
 * movements) pushes together. One request instead of one per collection saves each one's headers,
 * which on a till's many small syncs cost more bytes than the documents.
 */
const collectionName = text().refine((c) => replicatedNames.includes(c), 'Unknown collection');

export const pullManyRequest = z
  .array(
    z.object({
      collection: collectionName,
      seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      id: text(64),
      limit: z.number().int().min(1).max(1000),
    }),
  )
  .min(1)
  .max(64)
  .refine((pulls) => new Set(pulls.map((p) => p.collection)).size === pulls.length, 'Each collection at most once');

export const pullManyResponse = z.array(pullResponse.extend({ collection: z.string() }));
export type PullManyResponse = z.infer<typeof pullManyResponse>;

export const pushManyRequest = z
  .array(z.object({ collection: collectionName, rows: z.array(pushRow).max(1000) }))
  .min(1)
  .max(64)
  .refine((pushes) => pushes.reduce((n, p) => n + p.rows.length, 0) <= 1000, 'At most 1000 documents in one push')
  .refine((pushes) => new Set(pushes.map((p) => p.collection)).size === pushes.length, 'Each collection at most once');

export const pushManyResponse = z.array(pushResponse.extend({ collection: z.string() }));
export type PushManyResponse = z.infer<typeof pushManyResponse>;

export const numberSeries = z.enum(['invoice', 'quote', 'receipt', 'order', 'credit_note']);
export type NumberSeries = z.infer<typeof numberSeries>;

export const numberBlockRequest = z.object({
  device_id: text().trim().min(8).max(64),
  series: numberSeries,
  size: z.number().int().min(1).max(1000).default(50),
  /**
   * The device's name for this reservation. Asking again with the same name returns the block
   * already reserved under it, so an answer lost on the way (a reload, a dropped signal) loses no
   * numbers.
   */
  request_id: z.uuid().optional(),
});

/** A reserved range: `start` to `end` inclusive belong to this device alone. */
export const numberBlock = z.object({
  series: numberSeries,
  device_id: z.string(),
  start: z.number().int().positive(),
  end: z.number().int().positive(),
});
export type NumberBlock = z.infer<typeof numberBlock>;

/** A run of numbers reserved by a device and never used by any document that reached the server. */
export const numberRange = z.object({ start: z.number().int().positive(), end: z.number().int().positive() });

export const numberSeriesReport = z.array(
  z.object({
    series: numberSeries,
    /** The first number of the next block any device reserves. */
    next_number: z.number().int().positive(),
    /** Documents of this series on the server. */
    issued: z.number().int().nonnegative(),
    blocks: z.array(
      z.object({
        device_id: z.string(),
        start: z.number().int().positive(),
        end: z.number().int().positive(),
        reserved_at: z.string(),
        /**
         * The device's newest block of the series: its unused numbers may still be in the device's
         * hands (used offline, or simply not yet), so they are not gaps yet.
         */
        current: z.boolean(),
        unused: z.array(numberRange),
      }),
    ),
  }),
);
export type NumberSeriesReport = z.infer<typeof numberSeriesReport>;

export const seriesStartMessages = {
  backwards: 'Numbers below this have already been reserved. The next number can only move forward.',
} as const;

export const seriesStart = z.object({
  next_number: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Numbers start at 1 or more')
    .max(999_999, 'Numbers have at most 6 digits'),
});

/** Replication (DESIGN.md §5) and number blocks. */
export const syncContract = {
  pull: endpoint({
    method: 'GET',
    path: '/api/sync/:collection/pull',
    params: collectionParam,
    query: pullQuery,
    response: pullResponse,
  }),
  push: endpoint({
    method: 'POST',
    path: '/api/sync/:collection/push',
    params: collectionParam,
    query: z.object({ workspace: idParam }),
    body: z.array(pushRow).max(1000),
    response: pushResponse,
  }),
  pullMany: endpoint({
    method: 'POST',
    path: '/api/sync/pull',
    query: z.object({ workspace: idParam }),
    body: pullManyRequest,
    response: pullManyResponse,
  }),
  pushMany: endpoint({
    method: 'POST',
    path: '/api/sync/push',
    query: z.object({ workspace: idParam }),
    body: pushManyRequest,
    response: pushManyResponse,
  }),
  reserveNumbers: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/number-blocks',
    params: z.object({ id: idParam }),
    body: numberBlockRequest,
    response: numberBlock,
  }),
  numberSeries: endpoint({
    method: 'GET',
    path: '/api/workspaces/:id/number-series',
    params: z.object({ id: idParam }),
    response: numberSeriesReport,
  }),
  setSeriesStart: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/number-series/:series',
    params: z.object({ id: idParam, series: numberSeries }),
    body: seriesStart,
    response: numberSeriesReport,
  }),
};

export * from './live.js';
