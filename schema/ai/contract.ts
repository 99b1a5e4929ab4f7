import { z } from 'zod';
import { aiBalance, generateBody } from './ai.js';
import { templateDto, templateId, templateInput, templateList } from './ai-templates.js';
import { endpoint, okBody } from '../kit/http.js';
import { idParam } from '../kit/input.js';

const ws = z.object({ id: idParam });
const template = z.object({ id: idParam, templateId });

/**
 * AI writing paid with credits (issue 22). Credits belong to the account; the endpoints sit under the
 * workspace whose voice the text is written in. Online only.
 */
export const aiContract = {
  balance: endpoint({ method: 'GET', path: '/api/workspaces/:id/ai/balance', params: ws, response: aiBalance }),
  /** Streams newline-delimited JSON events (schema/ai/ai.ts `generateEvent`), not one JSON body. */
  generate: endpoint({ method: 'POST', path: '/api/workspaces/:id/ai/generate', params: ws, body: generateBody, response: z.void() }),
  templates: endpoint({ method: 'GET', path: '/api/workspaces/:id/ai/templates', params: ws, response: templateList }),
  createTemplate: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/ai/templates',
    params: ws,
    body: templateInput,
    response: templateDto,
  }),
  updateTemplate: endpoint({
    method: 'PUT',
    path: '/api/workspaces/:id/ai/templates/:templateId',
    params: template,
    body: templateInput,
    response: templateDto,
  }),
  deleteTemplate: endpoint({ method: 'DELETE', path: '/api/workspaces/:id/ai/templates/:templateId', params: template, response: okBody }),
};
