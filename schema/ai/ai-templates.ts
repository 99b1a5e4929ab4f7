import { z } from 'zod';
import { aiMessages, aiOperation, BRIEF_MAX } from './ai.js';
import { text } from '../kit/input.js';

/** Saved prompt templates (issue 22 `prompt-management`): a brief with {{variables}} filled in at use. */

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
export const variableName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,29}$/, 'A variable name is lower-case letters, digits and _, starting with a letter (at most 30).');

/** The names a template's text uses, in order of first use. */
export function usedVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The first {{name}} a template uses that is not one of its variables, or null. */
export function unknownVariable(template: string, variables: readonly string[]): string | null {
  return usedVariables(template).find((name) => !variables.includes(name)) ?? null;
}

/** The brief a template makes with these values; an unknown or unfilled variable is an error. */
export function renderTemplate(
  template: string,
  variables: readonly string[],
  values: Readonly<Record<string, string>>,
): { ok: true; text: string } | { ok: false; message: string } {
  const unknown = unknownVariable(template, variables);
  if (unknown !== null) return { ok: false, message: aiMessages.templateUnknownVariable(unknown) };
  const missing = usedVariables(template).find((name) => !(values[name] ?? '').trim());
  if (missing !== undefined) return { ok: false, message: aiMessages.templateMissingValue(missing) };
  return { ok: true, text: template.replace(VARIABLE, (_m, name: string) => (values[name] ?? '').trim()) };
}

export const templateInput = z
  .object({
    name: text().trim().min(1, 'Give the template a name.').max(80, 'A name can be at most 80 characters.'),
    operation: aiOperation,
    template: text().trim().min(1, 'Write the template text.').max(BRIEF_MAX, `A template can be at most ${BRIEF_MAX} characters.`),
    variables: z
      .array(variableName)
      .max(20, 'A template can have at most 20 variables.')
      .refine((names) => new Set(names).size === names.length, 'Each variable is named once.'),
  })
  .superRefine((value, ctx) => {
    const unknown = unknownVariable(value.template, value.variables);
    if (unknown !== null) ctx.addIssue({ code: 'custom', path: ['template'], message: aiMessages.templateUnknownVariable(unknown) });
  });
export type TemplateInput = z.infer<typeof templateInput>;

export const templateId = z.uuid();

export const templateDto = z.object({
  id: z.string(),
  name: z.string(),
  operation: aiOperation,
  template: z.string(),
  variables: z.array(z.string()),
  updated_at: z.string(),
});
export type TemplateDto = z.infer<typeof templateDto>;
export const templateList = z.object({ templates: z.array(templateDto) });
