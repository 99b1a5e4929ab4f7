import { z } from 'zod';
import { intColumn, text } from '../kit/input.js';
import { recordKind } from '../sync/record-kind.js';

/** What a person is told when a pipeline or a stage cannot be stored (on the device and by the server). */
export const pipelineMessages = {
  name: 'Give it a name',
  color: 'Colour must be a hex colour like #4F46E5',
  probability: 'A probability is a whole number from 0 to 100',
  pipelineNotFound: 'Choose a pipeline of this workspace',
  stageMoved: 'A stage stays in its pipeline: add a stage to the other pipeline instead',
  managersOnly: 'Only owners and admins of the workspace change its pipelines',
} as const;

const name = text().trim().min(1, pipelineMessages.name).max(100);

/**
 * spec §3 CRM pipelines (issue 38): a sales board's name and its place among the workspace's boards.
 * `position` orders the boards (and a stage's its columns): an integer with gaps, so a move writes
 * only the moved record's own field and two phones moving different ones never lose a move.
 */
export const pipelineKind = recordKind({
  kind: 'pipeline',
  table: 'pipelines',
  label: 'Pipeline',
  fields: {
    name,
    position: intColumn.default(0),
  },
  columns: { name: 'text', position: 'int' },
});
export type Pipeline = z.output<typeof pipelineKind.data>;

/**
 * spec §3 pipeline_stages: name, colour, position, and (issue 38) the probability a deal in it gets
 * by default. Each stage is a record of its own rather than an array inside its pipeline: records
 * merge per field of `data`, so a stage renamed on one phone and another recoloured (or moved) on a
 * second both survive, where one `stages` array would be one field and one phone's edit would lose.
 */
export const pipelineStageKind = recordKind({
  kind: 'pipeline_stage',
  table: 'pipeline_stages',
  label: 'Pipeline stage',
  fields: {
    pipeline_id: text(64).min(1),
    name,
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, pipelineMessages.color)
      .default('#4F46E5'),
    position: intColumn.default(0),
    probability: z.number().int(pipelineMessages.probability).min(0, pipelineMessages.probability).max(100, pipelineMessages.probability),
    rotting_days: intColumn.optional(),
  },
  columns: { pipeline_id: 'text', name: 'text', color: 'text', position: 'int', probability: 'int', rotting_days: 'int' },
});
export type PipelineStage = z.output<typeof pipelineStageKind.data>;
