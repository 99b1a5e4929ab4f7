import type { Queryable } from '../../db/db.js';
import {
  FROM_PRODUCTS,
  GROUP_CARD,
  IN_MARKETPLACE,
  LISTED_PRODUCT,
  OPEN_STOREFRONT,
  OWN_COLUMNS,
  PRODUCT_COLUMNS,
  type ProductRow,
  groupCards,
} from './marketplace.repo.js';

/** Finding products in the marketplace: search, the newest and featured ones, and the categories. */

/**
 * Marketplace search, typo-tolerant: each word of the term that no product has is widened to the
 * known marketplace words within a typo or two (trigram similarity on `marketplace_words`, nearest
 * first; a short word, to those one edit away) and to the words it begins; products are then found by full-text search alone, through its
 * index, and those with the term's exact words rank first. Without a term: the newest products.
 */
export async function searchProducts(q: Queryable, term: string | undefined, category: string | undefined, limit: number) {
  if (!term) return groupCards(q, await newestProducts(q, category, limit));
  const widened = await widenTerm(q, term.toLowerCase());
  if (!widened) return [];
  return groupCards(q, await rankedMatches(q, { widened, term: term.toLowerCase(), category, limit }));
}

/** The category's (or the whole marketplace's) cards, newest first. */
function newestProducts(q: Queryable, category: string | undefined, limit: number) {
  const params: unknown[] = category ? [limit, category.toLowerCase()] : [limit];
  const inCategory = category ? 'AND lower(p.category) = $2' : '';
  return q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS} WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD} ${inCategory}
      ORDER BY p.updated_at DESC, p.id LIMIT $1`,
    params,
  );
}

/**
 * The term as a tsquery over known words (null when it has none). The similarity threshold is set
 * for this transaction only; both statements go out together (one round trip on the pg driver).
 */
async function widenTerm(q: Queryable, term: string): Promise<string | null> {
  const [, [widened]] = await Promise.all([
    q.query(`SELECT set_config('pg_trgm.similarity_threshold', '${WORD_SIMILARITY}', true)`),
    q.query<{ query: string | null }>(
      `SELECT string_agg('(' || array_to_string(array_prepend(${tsLexeme('i.w')} || ':*', array(
                SELECT ${tsLexeme('a.word')} FROM (
                  (SELECT m.word FROM marketplace_words m WHERE m.word % i.w ORDER BY m.word <-> i.w LIMIT ${WORD_ALTERNATIVES})
                  UNION
                  (SELECT m.word FROM marketplace_words m
                    WHERE char_length(i.w) <= ${SHORT_WORD} AND left(m.word, 1) = left(i.w, 1)
                      AND char_length(m.word) BETWEEN char_length(i.w) - 1 AND char_length(i.w) + 1 AND char_length(m.word) <= ${SHORT_WORD + 1}
                      AND levenshtein(m.word, i.w) <= 1
                    LIMIT ${WORD_ALTERNATIVES})
                ) a
                WHERE NOT EXISTS (SELECT 1 FROM marketplace_words k WHERE k.word = i.w)
              )), ' | ') || ')', ' & ') AS query
         FROM (SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple', $1))) AS w) i`,
      [term],
    ),
  ]);
  return widened?.query ?? null;
}

/**
 * Cards matching the widened query, exact words first, then by ts_rank. The matches are gathered
 * first, on their own (MATERIALIZED): through the full-text index, with each one's text made once
 * and kept for ranking. Left to plan the join as a whole, Postgres misjudges how few storefronts
 * pass their filter and reads every product of each shop, making every product's text two or three
 * times over.
 */
function rankedMatches(q: Queryable, s: { widened: string; term: string; category: string | undefined; limit: number }) {
  const params: unknown[] = [s.widened, s.term, s.limit];
  if (s.category) params.push(s.category.toLowerCase());
  const inCategory = s.category ? 'AND lower(p.category) = $4' : '';
  return q.query<ProductRow>(
    `WITH hits AS MATERIALIZED (
       SELECT ${OWN_COLUMNS}, ${PRODUCT_TEXT} AS doc FROM products p
        WHERE ${PRODUCT_TEXT} @@ to_tsquery('simple', $1) AND ${LISTED_PRODUCT} AND p.published_in_marketplace AND ${GROUP_CARD} ${inCategory}
     )
     SELECT ${PRODUCT_COLUMNS} FROM hits p
       JOIN workspaces w ON w.id = p.workspace_id
       LEFT JOIN workspace_settings ws ON ws.workspace_id = w.id AND ws.id = 1
      WHERE ${OPEN_STOREFRONT}
      ORDER BY (p.doc @@ plainto_tsquery('simple', $2)) DESC, ts_rank(p.doc, to_tsquery('simple', $1)) DESC, p.id LIMIT $3`,
    params,
  );
}

/** A product's searchable text, as the full-text index (migration 0030) has it. */
const PRODUCT_TEXT = `to_tsvector('simple', coalesce(p.name, '') || ' ' || coalesce(p.category, ''))`;
/** How alike a known word must be to a typed one to be searched for it (pg_trgm similarity). */
const WORD_SIMILARITY = '0.4';
/** Up to this length a typed word also matches the known words one edit away (migration 0072). */
const SHORT_WORD = 6;
/** Known words searched for each typed word, nearest first. */
const WORD_ALTERNATIVES = 4;
/** SQL quoting a word as one tsquery lexeme ('it''s'); not quote_literal, whose E'' form tsquery misreads. */
const tsLexeme = (word: string) => `'''' || replace(${word}, '''', '''''') || ''''`;

/** Products the sellers chose to feature, newest storefront choice first. */
export async function featuredProducts(q: Queryable, limit: number) {
  const rows = await q.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS}
       JOIN storefront_settings s ON s.workspace_id = p.workspace_id AND s.featured_product_ids ? p.id
      WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD}
      ORDER BY s.updated_at DESC, p.id LIMIT $1`,
    [limit],
  );
  return groupCards(q, rows);
}

export async function marketCategories(q: Queryable) {
  const rows = await q.query<{ name: string; count: string | number }>(
    `SELECT min(p.category) AS name, count(*) AS count ${FROM_PRODUCTS}
      WHERE ${IN_MARKETPLACE} AND ${GROUP_CARD} AND coalesce(trim(p.category), '') <> ''
      GROUP BY lower(p.category) ORDER BY count(*) DESC, lower(p.category) LIMIT 24`,
  );
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}
