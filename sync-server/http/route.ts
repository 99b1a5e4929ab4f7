import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { fieldErrors, type EndpointDef, type EndpointOutput, type EndpointParsed } from '../../schema/kit/http.js';
import { badRequest } from './errors.js';

/**
 * A response body a service has already serialised, sent as is. Only for hot paths whose JSON is
 * assembled from a fixed registry (the sync feed, built by Postgres); tests parse those responses
 * with the contract's schema instead.
 */
export class JsonText<T> {
  /** Carries the type the text holds, so a handler still answers its contract's shape. */
  declare readonly shape: T;
  constructor(readonly text: string) {}
}

export type Handler<E extends EndpointDef> = (
  input: EndpointParsed<E>,
  req: Request,
  res: Response,
) => Promise<EndpointOutput<E> | JsonText<EndpointOutput<E>>>;

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
    throw badRequest(first, { code: 'validation_failed', errors });
  }
  return result.data;
}

/**
 * Mounts one contract endpoint: parses params, query and body with the contract's zod schemas
 * (400 with per-field messages when they fail), runs the handler, and parses what it returns with
 * the response schema so a DTO never leaks a field the contract doesn't name.
 */
export function mount<E extends EndpointDef>(router: Router, def: E, handler: Handler<E>): void {
  const method = def.method.toLowerCase() as Lowercase<E['method']>;
  router[method](def.path, async (req: Request, res: Response) => {
    const input = {
      params: parsePart(def.params, req.params),
      query: parsePart(def.query, req.query),
      body: parsePart(def.body, req.body ?? {}),
    } as EndpointParsed<E>;
    const out = await handler(input, req, res);
    if (res.headersSent) return;
    if (out instanceof JsonText) sendJsonText(res, out.text);
    else res.json(def.response.parse(out));
  });
}

/**
 * A pre-serialised body as is: no ETag (hashing a whole feed page for a validator no client sends
 * back) and never kept by an HTTP cache, since it is one user's live data.
 */
function sendJsonText(res: Response, text: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}
