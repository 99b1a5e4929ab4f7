/**
 * Product variants (spec §3 products "variants", cart_items "variant"): a T-shirt sold as Red / M,
 * Red / L and Blue / M. Each variant is a product of its own (its price, SKU, barcode and stock in
 * the ledger), so the till, stock, the cart, checkout and orders work on it unchanged; `variant_of`
 * names the group's main product and `variant_name` the option. Groups are one level deep.
 */

/** The longest option name ("Red / M"), trimmed. */
export const VARIANT_NAME_MAX = 60;

export const variantMessages = {
  nameRequired: 'Name the option, such as Red / M',
  nameTooLong: `An option name is at most ${VARIANT_NAME_MAX} characters`,
  notItself: 'A product cannot be a variant of itself',
  mainMissing: 'The main product of this variant is not in this workspace',
  mainIsVariant: 'A variant cannot have variants of its own: add it to the main product',
  hasVariants: 'This product has variants of its own, so it cannot become a variant',
  variantsRemain: 'This product still has variants: delete them with it',
  pickOption: 'Pick a size or colour',
  optionSoldOut: 'This option is sold out',
  allSoldOut: 'Every option is sold out',
} as const;

export type VariantField = 'variant_of' | 'variant_name';

/**
 * The rule across a product's variant fields that their own schemas cannot say: a variant names its
 * option (1 to 60 characters once trimmed) and is not its own main product. Shared by the form and
 * the server's push rules; what needs the other products (the main exists, is no variant) is the
 * server's.
 */
export function variantProblem(p: { id: string; variant_of?: string; variant_name?: string }): {
  field: VariantField;
  message: string;
} | null {
  const name = p.variant_name?.trim() ?? '';
  if (p.variant_of !== undefined && p.variant_of === p.id) return { field: 'variant_of', message: variantMessages.notItself };
  if (p.variant_of !== undefined && name === '') return { field: 'variant_name', message: variantMessages.nameRequired };
  if (name.length > VARIANT_NAME_MAX) return { field: 'variant_name', message: variantMessages.nameTooLong };
  return null;
}

/** Why a variant may not belong to `main` (the stored product it names), or null. */
export function variantMainProblem(main: { variant_of?: unknown; _deleted?: unknown } | undefined): string | null {
  if (!main || main._deleted === true) return variantMessages.mainMissing;
  if (typeof main.variant_of === 'string') return variantMessages.mainIsVariant;
  return null;
}

/** Joins a product's name and its option: "T-shirt — Red / M"; a product without an option keeps its name. */
export function withOption(name: string, option: string | null | undefined): string {
  const o = option?.trim();
  return o ? `${name} — ${o}` : name;
}

/** The name a person picks a product by (the till, inventory, a receipt): its option included. */
export function productTitle(p: { name?: string; variant_name?: string }, fallback = 'Unnamed product'): string {
  return withOption(p.name?.trim() || fallback, p.variant_name);
}

/** The group a product belongs to: its main product's id (its own when it is the main product or alone). */
export function groupIdOf(p: { id: string; variant_of?: string }): string {
  return p.variant_of ?? p.id;
}
