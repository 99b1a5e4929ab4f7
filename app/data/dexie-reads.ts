import type { DBCore, DBCoreGetManyRequest, DBCoreRangeType, DBCoreTable, Middleware } from 'dexie';

/**
 * From how many keys a read of several documents first asks which of them exist.
 *
 * RxDB reads every document it is about to write, several times over (the device's copy, the
 * replication's record of the server's copy, once more inside each write), and Dexie reads many keys
 * as one IndexedDB request per key. On a first sync none of them exists yet: 10 000 products cost
 * 40 000 requests that all answer "nothing". Asking once for the keys stored between the lowest and
 * the highest wanted key (one request, keys only) and then reading just those that exist gives the
 * same answer in a handful of requests. A small read (a sale, a live change) keeps the plain path.
 */
export const SPARSE_READ_FROM = 16;

/** `DBCoreRangeType.Range` (a const enum in Dexie's types, so spelled out here). */
const RANGE = 2 as DBCoreRangeType;

function sparseGetMany(table: DBCoreTable) {
  return async (req: DBCoreGetManyRequest): Promise<unknown[]> => {
    const keys = req.keys;
    if (keys.length < SPARSE_READ_FROM || !keys.every((k): k is string => typeof k === 'string')) return table.getMany(req);
    let lower = keys[0];
    let upper = keys[0];
    for (const k of keys) {
      if (k < lower) lower = k;
      if (k > upper) upper = k;
    }
    const stored = await table.query({
      trans: req.trans,
      values: false,
      query: { index: table.schema.primaryKey, range: { type: RANGE, lower, upper, lowerOpen: false, upperOpen: false } },
    });
    const present = new Set(stored.result);
    const wanted = keys.filter((k) => present.has(k));
    if (wanted.length === 0) return keys.map(() => undefined);
    if (wanted.length === keys.length) return table.getMany(req);
    const found = await table.getMany({ ...req, keys: wanted });
    const byKey = new Map(wanted.map((k, i) => [k, found[i]]));
    return keys.map((k) => byKey.get(k));
  };
}

/** The Dexie middleware (closest to IndexedDB) that reads many keys the sparse way, on every table. */
export const sparseReads: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'vuka-sparse-reads',
  level: 0,
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      return { ...table, getMany: sparseGetMany(table) };
    },
  }),
};
