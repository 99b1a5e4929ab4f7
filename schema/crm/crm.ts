import { z } from 'zod';
import { id, instant, text } from '../kit/input.js';
import { replicatedEntity } from '../sync/replicated-entity.js';

/** spec §3 contacts: only `name` is required. */
export const contacts = replicatedEntity({
  name: 'contacts',
  version: 0,
  // Add one strategy per version bump; stored documents outlive app versions.
  migrationStrategies: {},
  fields: {
    name: text().trim().min(1, 'Name is required').max(255),
    email: text(255).optional(),
    phone: text(50).optional(),
    address: text(1000).optional(),
    notes: text(10_000).optional(),
    tags: z.array(text(100)).max(50).optional(),
    company: text(255).optional(),
    title: text(255).optional(),
    source: text(100).optional(),
    pipeline: text(100).optional(),
    stage: text(100).optional(),
    assigned_to_id: id.optional(),
    status: text(50).default('active'),
    last_contacted_at: instant.optional(),
  },
  serverOnly: {},
  columns: {
    name: 'text',
    email: 'text',
    phone: 'text',
    address: 'text',
    notes: 'text',
    tags: 'jsonb',
    company: 'text',
    title: 'text',
    source: 'text',
    pipeline: 'text',
    stage: 'text',
    assigned_to_id: 'int',
    status: 'text',
    last_contacted_at: 'timestamptz',
  },
});
export type Contact = z.infer<typeof contacts.doc>;
export type ContactInput = z.input<typeof contacts.fields>;
