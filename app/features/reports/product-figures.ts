import type { Product } from '../../../schema/inventory/catalog';
import { groupIdOf, productTitle } from '../../../schema/inventory/product-variants';
import type { PosOrder } from '../../../schema/pos/pos';
import { computeTotals } from '../../../schema/pos/pos-totals';

/**
 * A product's unit cost: its own, or for a variant without one its main product's (the form puts
 * the cost on the main product; a variant that names its own wins). Unknown when neither has one.
 */
export function unitCostOf(
  product: Pick<Product, 'cost_cents' | 'variant_of'> | undefined,
  byId: ReadonlyMap<string, Product>,
): number | null {
  if (!product) return null;
  if (product.cost_cents !== undefined) return product.cost_cents;
  const main = product.variant_of ? byId.get(product.variant_of) : undefined;
  return main?.cost_cents ?? null;
}

/** What one product (a variant is a product of its own) sold over the range, net of refunds and voids. */
export interface ProductLine {
  product_id: string;
  /** The name with its option, as the till shows it ("T-shirt — Red / M"). */
  name: string;
  /** The option alone, for a variant ("Red / M"). */
  option: string | null;
  quantity: number;
  /** What customers paid for it, VAT included (what the takings count). */
  sales_cents: number;
  /** The same without VAT: what the shop keeps of it. */
  ex_vat_cents: number;
  /** Units × unit cost; null when the cost is not known. */
  cost_cents: number | null;
  /** Sales without VAT less cost; null when the cost is not known. */
  margin_cents: number | null;
}

/** A product with its variants: the group's totals and each variant's line (none for a product without variants). */
export interface ProductGroup extends ProductLine {
  variants: ProductLine[];
}

interface Tally {
  product_id: string;
  name: string;
  quantity: number;
  sales_cents: number;
  ex_vat_cents: number;
}

function addUp(
  lines: readonly ProductLine[],
  head: Omit<ProductLine, 'quantity' | 'sales_cents' | 'ex_vat_cents' | 'cost_cents' | 'margin_cents'>,
): ProductLine {
  const costKnown = lines.every((l) => l.cost_cents !== null);
  const cost = costKnown ? lines.reduce((a, l) => a + (l.cost_cents ?? 0), 0) : null;
  const ex = lines.reduce((a, l) => a + l.ex_vat_cents, 0);
  return {
    ...head,
    quantity: lines.reduce((a, l) => a + l.quantity, 0),
    sales_cents: lines.reduce((a, l) => a + l.sales_cents, 0),
    ex_vat_cents: ex,
    cost_cents: cost,
    margin_cents: cost === null ? null : ex - cost,
  };
}

/**
 * Sales by product and variant. Each line's share of its sale (after line and order discounts, with
 * the sale's own VAT choice) comes from the till's totals; a refund or void takes its lines back.
 * Cost is today's unit cost (sales do not record cost). Groups are ordered by what they took.
 */
export function salesByProduct(orders: readonly PosOrder[], products: readonly Product[]): ProductGroup[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const tallies = new Map<string, Tally>();
  for (const o of orders) {
    if (o.status !== 'completed') continue;
    const sign = o.kind === 'sale' ? 1 : -1;
    const include = o.prices_include_vat !== false;
    const totals = computeTotals(o.items, o.order_discount_cents, include);
    o.items.forEach((item, i) => {
      const line = totals.line_totals[i] ?? 0;
      const tax = totals.line_tax[i] ?? 0;
      const t = tallies.get(item.product_id) ?? {
        product_id: item.product_id,
        name: item.name,
        quantity: 0,
        sales_cents: 0,
        ex_vat_cents: 0,
      };
      t.quantity += sign * item.quantity;
      t.sales_cents += sign * (include ? line : line + tax);
      t.ex_vat_cents += sign * (include ? line - tax : line);
      tallies.set(item.product_id, t);
    });
  }
  const groups = new Map<string, ProductLine[]>();
  for (const t of tallies.values()) {
    const product = byId.get(t.product_id);
    const unit = unitCostOf(product, byId);
    const cost = unit === null ? null : unit * t.quantity;
    const line: ProductLine = {
      product_id: t.product_id,
      name: product ? productTitle(product) : t.name,
      option: product?.variant_name?.trim() || null,
      quantity: t.quantity,
      sales_cents: t.sales_cents,
      ex_vat_cents: t.ex_vat_cents,
      cost_cents: cost,
      margin_cents: cost === null ? null : t.ex_vat_cents - cost,
    };
    const group = product ? groupIdOf(product) : t.product_id;
    groups.set(group, [...(groups.get(group) ?? []), line]);
  }
  return [...groups]
    .map(([groupId, lines]): ProductGroup => {
      const main = byId.get(groupId);
      const hasVariants = lines.some((l) => l.option !== null) || products.some((p) => p.variant_of === groupId);
      const sorted = [...lines].sort((a, b) => a.name.localeCompare(b.name));
      const head = { product_id: groupId, name: main?.name?.trim() || sorted[0]?.name || 'Unnamed product', option: null };
      return { ...addUp(sorted, head), variants: hasVariants ? sorted : [] };
    })
    .sort((a, b) => b.sales_cents - a.sales_cents || a.name.localeCompare(b.name));
}

/** One product's stock at cost. */
export interface StockLine {
  product_id: string;
  name: string;
  on_hand: number;
  unit_cost_cents: number | null;
  value_cents: number | null;
}

/**
 * Stock valuation at cost: every product that counts stock and has some on hand, at its unit cost
 * (a variant's own or its main product's). Products with no cost are listed, valued at nothing, and
 * counted apart so the total says it leaves them out.
 */
export function stockValuation(products: readonly Product[], onHand: ReadonlyMap<string, number>) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: StockLine[] = [];
  for (const p of products) {
    if (p.track_inventory === false || p.product_type !== 'physical') continue;
    const qty = onHand.get(p.id) ?? 0;
    if (qty <= 0) continue;
    const unit = unitCostOf(p, byId);
    lines.push({
      product_id: p.id,
      name: productTitle(p),
      on_hand: qty,
      unit_cost_cents: unit,
      value_cents: unit === null ? null : unit * qty,
    });
  }
  lines.sort((a, b) => (b.value_cents ?? -1) - (a.value_cents ?? -1) || a.name.localeCompare(b.name));
  return {
    lines,
    total_cents: lines.reduce((a, l) => a + (l.value_cents ?? 0), 0),
    units: lines.reduce((a, l) => a + l.on_hand, 0),
    without_cost: lines.filter((l) => l.value_cents === null).length,
  };
}
