import { describe, expect, it } from 'vitest';
import { receiptReservation } from './till';

/** A device's receipt numbers over a run of sales, reserving as the till does after each one. */
function run(sales: number) {
  const blocks: number[] = [];
  let left = 0;
  const keep = (need: number) => {
    const plan = receiptReservation(blocks.at(-1), need);
    if (left >= plan.low) return;
    blocks.push(plan.size);
    left += plan.size;
  };
  for (let sale = 0; sale < sales; sale++) {
    keep(1);
    left--;
    keep(0);
  }
  return { blocks, left };
}

describe('receipt numbers on a device', () => {
  it('a device that never sold reserves nothing, however often the till opens', () => {
    expect(receiptReservation(undefined, 0).low).toBe(0);
    expect(run(0)).toEqual({ blocks: [], left: 0 });
  });

  it('the first sale reserves a small block; later blocks double up to fifty', () => {
    expect(receiptReservation(undefined, 1)).toEqual({ low: 1, size: 5 });
    expect(run(1)).toEqual({ blocks: [5], left: 4 });
    expect(run(200).blocks).toEqual([5, 10, 20, 40, 50, 50, 50]);
  });

  it('a device that sold keeps at least half its last block in hand for selling with no signal', () => {
    for (let sales = 1; sales < 120; sales++) {
      const { blocks, left } = run(sales);
      expect(left).toBeGreaterThanOrEqual(Math.ceil((blocks.at(-1) ?? 0) / 2));
    }
  });

  it('sales made before any number was held are all numbered from the first block', () => {
    expect(receiptReservation(undefined, 7)).toEqual({ low: 7, size: 7 });
    expect(receiptReservation(undefined, 3)).toEqual({ low: 3, size: 5 });
    expect(receiptReservation(50, 80)).toEqual({ low: 105, size: 105 });
  });
});
