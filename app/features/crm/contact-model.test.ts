import { describe, expect, it } from 'vitest';
import { messages } from '../../../schema/kit/forms';
import { emptyDraft, matchesSearch, validateDraft } from './contact-model';

const base = { id: '6f1c2f9e-0000-4000-8000-000000000001', workspace_id: 4 };

describe('contact form rules (schema/crm/crm.ts)', () => {
  it('a name is required', () => {
    const result = validateDraft({ ...emptyDraft, name: '   ' }, base);
    expect(result).toEqual({ ok: false, errors: { name: 'Name is required' } });
  });

  it('an email must be valid', () => {
    const result = validateDraft({ ...emptyDraft, name: 'Naledi', email: 'naledi@' }, base);
    expect(result).toEqual({ ok: false, errors: { email: messages.validEmail } });
  });

  it('blank fields are left out, tags become a trimmed list, and the workspace and time are set', () => {
    const result = validateDraft({ ...emptyDraft, name: ' Naledi ', phone: ' 082 ', tags: 'vip, , wholesale,vip' }, base);
    if (!result.ok) throw new Error('expected a valid contact');
    expect(result.doc).toMatchObject({ ...base, name: 'Naledi', phone: '082', tags: ['vip', 'wholesale'], status: 'active' });
    expect(result.doc).not.toHaveProperty('email');
    expect(Date.parse(result.doc.updated_at)).not.toBeNaN();
  });

  it('search matches name, company, phone, email and tags, ignoring case', () => {
    const c = {
      ...base,
      updated_at: '2026-01-01T00:00:00.000Z',
      name: 'Naledi',
      company: 'Start Co',
      phone: '0820',
      status: 'active',
      tags: ['VIP'],
    };
    expect(matchesSearch(c, 'start')).toBe(true);
    expect(matchesSearch(c, 'vip')).toBe(true);
    expect(matchesSearch(c, 'zzz')).toBe(false);
  });
});
