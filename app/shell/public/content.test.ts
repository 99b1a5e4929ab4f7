import { describe, expect, it } from 'vitest';
import { plans } from '../../../schema/billing/plans';
import { MAHALA_PLAN_ZAR, planRows, VUKA_PLAN_USD_REFERENCE, VUKA_PLAN_ZAR } from './content';
import { planHighlights } from './pricing/plan-cards';

const row = (feature: string) => planRows.find((r) => r.feature === feature);

describe('the pricing pages read every plan fact from schema/billing/plans.ts', () => {
  it('storage: 1 GB on Mahala, 10 GB on the paid plan (10 GiB, spec §9)', () => {
    expect(plans.free.limits.storageBytes).toBe(1073741824);
    expect(plans.pro.limits.storageBytes).toBe(10737418240);
    expect(row('Storage')).toEqual({ feature: 'Storage', mahala: '1 GB', vuka: '10 GB' });
  });

  it('every cell of the comparison says something: no "—" for a fact the plans hold', () => {
    for (const r of planRows) {
      expect(r.mahala, r.feature).not.toMatch(/^(—|-|)$/);
      expect(r.vuka, r.feature).not.toMatch(/^(—|-|)$/);
    }
    expect(row('Support')).toEqual({ feature: 'Support', mahala: plans.free.text.support, vuka: plans.pro.text.support });
  });

  it('the limits in the table are the limits the server enforces', () => {
    expect(row('Workspaces')).toEqual({ feature: 'Workspaces', mahala: String(plans.free.limits.workspaces), vuka: 'Unlimited' });
    expect(row('Products')?.mahala).toBe(String(plans.free.limits.products));
    expect(row('AI credits per month')).toMatchObject({ mahala: '5', vuka: '100' });
    expect(row('API access')).toMatchObject({ mahala: 'No', vuka: 'Yes' });
    expect(row('Invoices and quotes e-mailed a day')).toMatchObject({ mahala: '20', vuka: '200' });
  });

  it('prices come from the plan definition', () => {
    expect(VUKA_PLAN_ZAR).toBe(499);
    expect(MAHALA_PLAN_ZAR).toBe(0);
    expect(VUKA_PLAN_USD_REFERENCE).toBe(29);
  });

  it('the plan cards list the same facts', () => {
    expect(planHighlights(plans.free)).toEqual([
      '1 workspace, unlimited team members',
      '10 classified listings, 5 events, 10 products',
      'Social media profile connection',
      '5 AI credits per month',
      '1 GB storage',
      'Community support',
    ]);
    expect(planHighlights(plans.pro)).toContain('100 AI credits per month, API access');
    expect(planHighlights(plans.pro)).toContain('10 GB storage');
    expect(planHighlights(plans.pro)).toContain(`${plans.pro.text.support} support`);
  });
});
