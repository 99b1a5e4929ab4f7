import { z } from 'zod';
import type { PushRow } from '../../schema/sync/contract.js';
import { fieldErrors } from '../../schema/kit/http.js';
import { inputMessages } from '../../schema/kit/input.js';
import type { ReplicatedEntity } from '../../schema/replicated.js';
import { badRequest } from '../http/errors.js';

const schemas = new WeakMap<ReplicatedEntity, z.ZodType>();

/**
 * What the server reads of an assumed master state: its timestamps, which it normalises to compare
 * with the stored document (`clientView`), so each must be a real ISO instant. The rest is compared
 * as it is, and a document the server once sent back always passes.
 */
function assumedSchemaOf(entity: ReplicatedEntity): z.ZodType {
  let schema = schemas.get(entity);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const [column, kind] of Object.entries(entity.columns)) {
      if (kind === 'timestamptz') shape[column] = z.iso.datetime({ offset: true, error: inputMessages.instant }).nullish();
    }
    schema = z.looseObject(shape);
    schemas.set(entity, schema);
  }
  return schema;
}

/** A push whose assumed master states the server cannot read is refused whole: 400 with per-row messages. */
export function checkAssumedStates(entity: ReplicatedEntity, rows: readonly PushRow[]): void {
  const schema = assumedSchemaOf(entity);
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    if (row.assumedMasterState == null) return;
    const parsed = schema.safeParse(row.assumedMasterState);
    if (parsed.success) return;
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error))) errors[`${i}.assumedMasterState.${field}`] = messages;
  });
  const [first] = Object.entries(errors);
  if (first) throw badRequest(`${first[0]}: ${first[1][0]}`, { code: 'validation_failed', errors });
}
