import { Router, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { brand } from '../../../schema/brand.js';
import { escapeHtml } from '../../mail/templates.js';
import { devRequestAllowed } from './dev-access.js';
import { latestOutboxMail, type OutboxMail } from './dev.repo.js';

const LIMIT = 50;

/**
 * Outside production, mail kept in the database outbox (no SMTP configured) is readable here, so a
 * developer at this machine can read verification codes and reset links (see `devRequestAllowed`).
 */
export function devRoutes(deps: AppDeps): Router {
  const router = Router();
  // Every /dev path answers 404 to anyone who may not read it (and it never falls through to the
  // app shell), so the mailbox is invisible from another machine and in production.
  router.use('/dev', (req, res, next) => {
    if (devRequestAllowed(deps.config, req)) next();
    else notFound(res);
  });

  router.get('/dev/mailbox.json', async (_req, res) => {
    noStore(res);
    res.json({ mails: await latestOutboxMail(deps.db, LIMIT) });
  });

  router.get('/dev/mailbox', async (_req, res) => {
    noStore(res);
    res.type('html').send(page(await latestOutboxMail(deps.db, LIMIT)));
  });

  router.use('/dev', (_req, res) => notFound(res));
  return router;
}

function notFound(res: Response) {
  res.status(404).json({ message: 'Not found' });
}

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
}

function page(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (m) => `<li>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.recipient)} · from ${escapeHtml(m.sender)} · ${escapeHtml(m.created_at)}</p>
  <pre>${escapeHtml(m.body_text)}</pre>
</li>`,
    )
    .join('\n');
  const title = `${escapeHtml(brand.product)} dev mailbox`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:760px;padding:16px;color:#111}
ul{list-style:none;padding:0}li{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:0 0 12px}
h1{font-size:22px}h2{font-size:17px;margin:0 0 4px}.meta{color:#555;font-size:13px;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-size:14px;margin:0}
</style></head>
<body><h1>${title}</h1>
<p>The newest ${LIMIT} mails written to the outbox (shown only outside production, to this machine).</p>
${mails.length ? `<ul>${items}</ul>` : '<p>No mail yet.</p>'}
</body></html>`;
}
