import { expect, test, type Page } from '@playwright/test';
import { docProblemMessages } from '../../app/features/projects/yjs-close';
import { yjsCloseCode } from '../../schema/projects/projects';
import { newTraderWithWorkspace } from './inventory-support';

/**
 * Issue 35: when the server closes a project's document socket because the document is full, the
 * page says so and does not reconnect; when it was too many changes at once, it says it is
 * reconnecting and then is live again. The server's side is tests/security/yjs-flood.test.ts; here
 * the close is played by a routed socket.
 */

async function newProject(page: Page, workspaceId: number, name: string) {
  await page.goto(`/workspace/${workspaceId}/project-manager`);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

test('a full document is said so and not retried; too many changes at once reconnects', async ({ page }, info) => {
  test.setTimeout(180_000);
  const { workspaceId } = await newTraderWithWorkspace(page, 'yjsfull', info.project.name, 'Full Board Traders');

  let mode: 'full' | 'fast' = 'full';
  let attempts = 0;
  await page.routeWebSocket(/\/api\/yjs\//, (ws) => {
    attempts++;
    // The first four reconnects after "too fast" are refused again, so the message stays a while.
    if (mode === 'full') ws.close({ code: yjsCloseCode.documentFull, reason: 'document full' });
    else if (attempts <= 4) ws.close({ code: yjsCloseCode.tooFast, reason: 'too many changes at once' });
    else ws.connectToServer();
  });
  const status = page.getByTestId('doc-status');

  await test.step('the document is full: the page says so and stays closed', async () => {
    await newProject(page, workspaceId, 'Full board');
    await expect(status).toHaveText(docProblemMessages.full);
    const seen = attempts;
    // The provider would otherwise retry after 0.2, 0.4, 0.8, 1.6 s…
    await page.waitForTimeout(4000);
    expect(attempts).toBe(seen);
    await expect(status).toHaveText(docProblemMessages.full);
  });

  await test.step('too many changes at once: reconnecting, then live', async () => {
    mode = 'fast';
    attempts = 0;
    await newProject(page, workspaceId, 'Busy board');
    await expect(status).toHaveText(docProblemMessages.tooFast);
    await expect(status).toHaveText('Live: changes reach the team as you make them', { timeout: 20_000 });
    expect(attempts).toBeGreaterThan(4);
  });
});
