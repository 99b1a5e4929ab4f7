import { describe, expect, it } from 'vitest';
import { dealMessages, type Deal } from '../../../../schema/crm/deals';
import { dealColumns, dealFromDraft, lostDeal, positionAt, type StageView } from './deals-model';

const stage = (id: string, position: number, probability: number): StageView => ({
  id,
  pipeline_id: 'p',
  name: id,
  color: '#4F46E5',
  position,
  probability,
});

const deal = (id: string, over: Partial<Deal> = {}): Deal => ({
  id,
  workspace_id: 1,
  updated_at: '2026-12-07T10:00:00.000Z',
  pipeline_id: 'p',
  stage_id: 'lead',
  title: id,
  value_cents: 10_000,
  currency: 'ZAR',
  status: 'open',
  probability: 10,
  position: 'a0',
  ...over,
});

describe('the deals board', () => {
  it('orders columns by stage position and counts, totals and weights each (open deals only in the money)', () => {
    const stages = [stage('won-ish', 2000, 90), stage('lead', 1000, 10)];
    const cols = dealColumns(stages, [
      deal('a', { value_cents: 333, probability: 50, position: 'a1' }),
      deal('b', { value_cents: 333, probability: 50, position: 'a0' }),
      deal('c', { value_cents: 1_000, status: 'lost', lost_reason: 'No budget', position: 'a2' }),
      deal('d', { stage_id: 'won-ish', value_cents: 5_000, probability: 90, status: 'won' }),
    ]);
    expect(cols.map((c) => c.stage.id)).toEqual(['lead', 'won-ish']);
    expect(cols[0].deals.map((d) => d.id)).toEqual(['b', 'a', 'c']);
    // 333 × 50 % twice is 333 exactly: weighted per column, rounded once (not 167 + 167).
    expect(cols[0]).toMatchObject({ count: 3, total_cents: 666, weighted_cents: 333 });
    expect(cols[1]).toMatchObject({ count: 1, total_cents: 0, weighted_cents: 0 });
  });

  it('places a moved deal between its new neighbours, writing only its own position', () => {
    const column = [deal('x', { position: 'a0' }), deal('y', { position: 'a1' })];
    const first = positionAt(column, 'm', 0);
    const middle = positionAt(column, 'm', 1);
    const last = positionAt(column, 'm', 9);
    expect(first < 'a0').toBe(true);
    expect(middle > 'a0' && middle < 'a1').toBe(true);
    expect(last > 'a1').toBe(true);
    // Two phones gave two deals one key: the move still finds a place after them.
    expect(positionAt([deal('x', { position: 'a0' }), deal('y', { position: 'a0' })], 'm', 1) > 'a0').toBe(true);
  });

  it('builds a new deal with its stage’s probability, or refuses it with the server’s messages', () => {
    const lead = stage('lead', 1000, 10);
    const ctx = {
      id: 'n',
      workspace_id: 1,
      pipeline_id: 'p',
      stage: lead,
      currency: 'ZAR',
      column: [deal('x', { position: 'a5' })],
      now: '2026-12-07T10:00:00.000Z',
    };
    const ok = dealFromDraft(
      { title: ' Wedding cake ', value: '1 250.50', stage_id: 'lead', expected_close_date: '2027-01-31', contact_id: '' },
      ctx,
    );
    expect(ok.ok && ok.doc).toMatchObject({
      title: 'Wedding cake',
      value_cents: 125_050,
      probability: 10,
      status: 'open',
      expected_close_date: '2027-01-31',
    });
    expect(ok.ok && ok.doc.position > 'a5').toBe(true);
    const bad = dealFromDraft({ title: ' ', value: '-5', stage_id: 'lead', expected_close_date: '2027-02-30', contact_id: '' }, ctx);
    expect(bad.ok ? null : bad.errors).toMatchObject({
      title: dealMessages.title,
      value: dealMessages.value,
      expected_close_date: expect.any(String),
    });
    const noStage = dealFromDraft(
      { title: 'Cake', value: '', stage_id: 'gone', expected_close_date: '', contact_id: '' },
      { ...ctx, stage: undefined },
    );
    expect(noStage.ok ? null : noStage.errors).toEqual({ stage_id: dealMessages.stageNotInPipeline });
  });

  it('a deal is lost only with a reason', () => {
    expect(lostDeal(deal('x'), '  ', '2026-12-07', 'now')).toEqual({ ok: false, message: dealMessages.lostReason });
    const lost = lostDeal(deal('x'), ' No budget ', '2026-12-07', '2026-12-07T10:00:00.000Z');
    expect(lost.ok && lost.doc).toMatchObject({ status: 'lost', lost_reason: 'No budget', actual_close_date: '2026-12-07' });
  });
});
