import { products, stockMessages, stockMovements } from '../../../schema/inventory/catalog.js';
import { variantMainProblem, variantMessages, variantProblem } from '../../../schema/inventory/product-variants.js';
import { entityRules } from '../../sync/collection-rules.js';
import { movementsPastStockRange } from './stock-bounds.js';
import { ledgerSumSql } from './stock-ledger.repo.js';
import { recountStock } from './stock-ledger.js';
import { productsWithVariants } from './variants.repo.js';

/**
 * products: counted against the plan (the area's `limits`); stock_on_hand is the server's, never a client's. A product the
 * server has not seen before may have movements that arrived ahead of it, so its insert sums the
 * ledger; after that, the movements' own hook keeps it up to date.
 *
 * Variants: a variant names its option and a main product of this workspace (the push reads it with
 * the pushed ones) that is itself no variant; a product with variants cannot become one, nor be
 * deleted while they remain. Groups stay one level deep, so the marketplace shows each group once.
 */
export const productRules = entityRules(products, {
  computedOnInsert: { stock_on_hand: ledgerSumSql('x') },
  validate: (doc) => {
    const problem = variantProblem(doc);
    return problem ? `${problem.field}: ${problem.message}` : null;
  },
  references: (raw) => (typeof raw.variant_of === 'string' ? raw.variant_of : undefined),
  referenceRefused: (doc, main) => (doc.variant_of === undefined ? null : variantMainProblem(main)),
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const variants = docs.filter((d) => d.variant_of !== undefined);
    if (variants.length === 0) return new Map();
    // A main product named in this push, or by a stored variant, cannot become a variant itself.
    const namedHere = new Set(variants.map((d) => d.variant_of));
    const stored = await productsWithVariants(
      tx,
      workspaceId,
      variants.map((d) => d.id),
    );
    return new Map(
      variants.filter((d) => namedHere.has(d.id) || stored.has(d.id)).map((d) => [d.id, variantMessages.hasVariants] as const),
    );
  },
  // A main product goes only with its variants (deleted before it, or in the same push): a variant
  // is never left without its group, whichever device deletes what.
  async refuseDeleteUnderLock(tx, { workspaceId, docs }) {
    const ids = docs.map((d) => d.id);
    const keeping = await productsWithVariants(tx, workspaceId, ids, ids);
    return new Map([...keeping].map((id) => [id, variantMessages.variantsRemain] as const));
  },
});

/**
 * stock_movements: the ledger (DESIGN.md §5), append-only. Every stored movement recounts its
 * products' on hand from the ledger, in the same transaction; a product whose count changed gets a
 * new place in the feed, and devices are told products changed.
 */
export const stockMovementRules = entityRules(stockMovements, {
  appendOnly: true,
  /** A movement that would take on hand past the integer range is refused; later, smaller ones still go. */
  async refuseUnderLock(tx, { workspaceId, docs }) {
    const refused = await movementsPastStockRange(tx, workspaceId, docs);
    return new Map([...refused].map((id) => [id, stockMessages.onHandRange]));
  },
  afterWrite: (tx, { workspaceId, docs }) =>
    recountStock(
      tx,
      workspaceId,
      docs.map((d) => d.product_id),
    ),
});
