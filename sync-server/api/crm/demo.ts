import { randomUUID } from 'node:crypto';
import { contacts } from '../../../schema/crm/crm.js';
import type { DemoSeed } from '../../areas/area.js';

const demoContacts = [
  { name: 'Thandi Mokoena', company: 'Mokoena Catering', phone: '+27 82 555 0101', stage: 'customer' },
  { name: 'Sipho Dlamini', company: 'Dlamini Builders', phone: '+27 71 555 0144', stage: 'lead' },
] as const;

/** Two of the demo stall's contacts: a customer and a lead. */
export async function demoContactBook({ push }: DemoSeed): Promise<void> {
  await push(
    contacts,
    demoContacts.map((c) => ({ id: randomUUID(), ...c })),
  );
}
