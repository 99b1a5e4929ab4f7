import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiBalance, aiMessages, generateEvent, type GenerateEvent } from '../../../schema/ai/ai.js';
import { templateDto, templateList } from '../../../schema/ai/ai-templates.js';
import { errorBody } from '../../../schema/kit/http.js';
import { promptFor } from './ai.service.js';
import { sandboxText, startAiSandbox, type AiSandbox } from '../../ai/sandbox/ai-sandbox.js';
import { startDevAi } from '../../ai/dev-ai.js';
import type { Db } from '../../db/db.js';
import { testDatabases } from '../../../tests/support/databases.js';
import { signedInUser, signIn } from '../../../tests/support/fixtures.js';
import { startTestServer, type CookieClient, type TestServer } from '../../../tests/support/server.js';
import { openSyncDatabase, seedWorkspace } from '../../../tests/support/sync-server.js';

const events = (text: string): GenerateEvent[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => generateEvent.parse(JSON.parse(line)));

for (const target of testDatabases()) {
  describe(`AI writing paid with credits on ${target.name}`, () => {
    let db: Db;
    let sandbox: AiSandbox;
    let server: TestServer;
    let off: TestServer;
    let standIn: TestServer;
    let standInAi: AiSandbox | null;

    beforeAll(async () => {
      db = await openSyncDatabase(target);
      sandbox = await startAiSandbox({ apiKey: 'sk-integration' });
      server = await startTestServer(db, { env: { AI_BASE_URL: sandbox.url, AI_API_KEY: sandbox.apiKey, AI_MODEL: 'sandbox-writer-1' } });
      off = await startTestServer(db);
      // No writing service set up outside production: the server starts its local stand-in.
      standIn = await startTestServer(db);
      standInAi = await startDevAi(standIn.deps.config, standIn.deps.log);
    });
    afterAll(async () => {
      await server?.close();
      await off?.close();
      await standIn?.close();
      await standInAi?.close();
      await sandbox?.close();
      await db?.close();
    });

    /** A Mahala trader with no welcome credits left and `bought` credits bought: with none, the month's 5 are all there is. */
    async function freeTrader(bought = 0) {
      const { user, client } = await signedInUser(server, { plan: 'free' });
      await db.query('UPDATE users SET credits = $2 WHERE id = $1', [user.id, bought]);
      if (bought > 0) {
        await db.query(`INSERT INTO credit_transactions (user_id, amount, description, type) VALUES ($1, $2, 'Credit pack', 'purchase')`, [
          user.id,
          bought,
        ]);
      }
      const ws = await seedWorkspace(db, user.id);
      return { user, client, ws };
    }
    /** The plan's credits left this cycle, as if some were spent already. */
    const allowanceLeft = (userId: number, credits: number) =>
      db.query('UPDATE users SET ai_allowance = $2, ai_allowance_cycle = $3 WHERE id = $1', [userId, credits, server.deps.now()]);
    const balanceOf = async (client: CookieClient, ws: number) =>
      aiBalance.parse((await client.get(`/api/workspaces/${ws}/ai/balance`)).json);
    const generate = (client: CookieClient, ws: number, brief: string, operation = 'product_description') =>
      client.post(`/api/workspaces/${ws}/ai/generate`, { operation, brief });
    const usage = (userId: number) =>
      db.query<{
        status: string;
        service: string;
        model: string;
        operation_type: string;
        prompt_tokens: number;
        completion_tokens: number;
        credits_used: number;
      }>(
        'SELECT status, service, model, operation_type, prompt_tokens, completion_tokens, credits_used FROM ai_usage WHERE user_id = $1 ORDER BY id',
        [userId],
      );

    it('the plan gives Mahala 5 credits a month, kept apart from bought credits', async () => {
      const { client, ws } = await freeTrader(100);
      expect(await balanceOf(client, ws)).toMatchObject({
        configured: true,
        sample_text: false,
        plan_credits: 5,
        plan_credits_per_cycle: 5,
        welcome_credits: 0,
        bought_credits: 100,
        total: 105,
      });
    });

    it('the credits every account starts with read as welcome credits, not bought; they are spent before bought ones', async () => {
      const { user, client } = await signedInUser(server, { plan: 'free' });
      const ws = await seedWorkspace(db, user.id);
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 5, welcome_credits: 100, bought_credits: 0, total: 105 });
      // A pack of 50 bought.
      await db.query('UPDATE users SET credits = credits + 50 WHERE id = $1', [user.id]);
      await db.query(`INSERT INTO credit_transactions (user_id, amount, description, type) VALUES ($1, 50, '50 AI credits', 'purchase')`, [
        user.id,
      ]);
      expect(await balanceOf(client, ws)).toMatchObject({ welcome_credits: 100, bought_credits: 50, total: 155 });
      // The month's 5 spent, then a run from the kept credits: the welcome ones go first.
      await allowanceLeft(user.id, 0);
      expect(events((await generate(client, ws, 'Amasi in glass bottles')).text).at(-1)).toMatchObject({ type: 'done', credits_used: 1 });
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 0, welcome_credits: 99, bought_credits: 50, total: 149 });
    });

    it('streams a product description, settles by the real token count, and records the usage', async () => {
      const { user, client, ws } = await freeTrader();
      const brief = 'Handwoven ilala palm baskets from KwaZulu-Natal';
      const res = await generate(client, ws, brief);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/x-ndjson');
      const evs = events(res.text);
      expect(evs[0]).toEqual({ type: 'start', credits_reserved: 1, sample: false });
      const deltas = evs.filter((e) => e.type === 'delta');
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.map((e) => (e.type === 'delta' ? e.text : '')).join('')).toBe(sandboxText(brief, 400));
      expect(evs.at(-1)).toEqual({ type: 'done', credits_used: 1, balance: 4, sample: false });

      const sent = sandbox.requests.at(-1);
      expect(sent?.messages).toEqual(
        promptFor('product_description', brief, expect.any(String)).map((m) => ({ ...m, content: expect.any(String) })),
      );
      expect(sent?.messages[1]?.content).toBe(brief);
      expect(sent).toMatchObject({ stream: true, includeUsage: true, maxTokens: 400 });

      const [row] = await usage(user.id);
      expect(row).toMatchObject({ status: 'settled', model: 'sandbox-writer-1', operation_type: 'product_description', credits_used: 1 });
      expect(row?.service).toBe(new URL(sandbox.url).host);
      expect(row?.prompt_tokens).toBeGreaterThan(0);
      expect(row?.completion_tokens).toBe(Math.ceil(sandboxText(brief, 400).length / 4));
      const ledger = await db.query<{ amount: number; type: string }>(
        "SELECT amount, type FROM credit_transactions WHERE user_id = $1 AND type = 'usage'",
        [user.id],
      );
      expect(ledger).toEqual([{ amount: -1, type: 'usage' }]);
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 4, bought_credits: 0, total: 4 });
    });

    it("the free plan's fifth generation of the month succeeds and the sixth asks for credits, spending nothing", async () => {
      const { user, client, ws } = await freeTrader();
      for (let i = 1; i <= 5; i++) {
        const res = await generate(client, ws, `Brief number ${i}`);
        expect(events(res.text).at(-1)).toEqual({ type: 'done', credits_used: 1, balance: 5 - i, sample: false });
      }
      const sixth = await generate(client, ws, 'Brief number 6');
      expect(sixth.status).toBe(402);
      expect(errorBody.parse(sixth.json)).toMatchObject({ code: 'insufficient_credits', message: aiMessages.tooFewCredits(1, 0) });
      expect(await usage(user.id)).toHaveLength(5);
      expect(await balanceOf(client, ws)).toMatchObject({ total: 0 });
    });

    it('spends the allowance first, then bought credits', async () => {
      const { user, client, ws } = await freeTrader(10);
      await allowanceLeft(user.id, 1);
      // A blog post's price is 2: one from the allowance, one bought.
      const res = await generate(client, ws, 'Why we bake with stone-ground flour', 'blog_post');
      expect(events(res.text)[0]).toEqual({ type: 'start', credits_reserved: 2, sample: false });
      // Its real token count costs 1: the bought credit comes back.
      expect(events(res.text).at(-1)).toEqual({ type: 'done', credits_used: 1, balance: 10, sample: false });
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 0, bought_credits: 10 });
    });

    it('a generation that fails midway or is refused spends nothing', async () => {
      const { user, client, ws } = await freeTrader(3);
      const before = await balanceOf(client, ws);
      sandbox.failNext('break');
      const broken = events((await generate(client, ws, 'Shweshwe cushion covers')).text);
      expect(broken.some((e) => e.type === 'delta')).toBe(true);
      expect(broken.at(-1)).toEqual({ type: 'error', message: aiMessages.failed });
      sandbox.failNext('refuse');
      expect(events((await generate(client, ws, 'Shweshwe cushion covers')).text).at(-1)).toEqual({
        type: 'error',
        message: aiMessages.failed,
      });
      expect(await balanceOf(client, ws)).toEqual(before);
      expect((await usage(user.id)).map((u) => [u.status, u.credits_used])).toEqual([
        ['released', 0],
        ['released', 0],
      ]);
      expect(await db.query("SELECT 1 FROM credit_transactions WHERE user_id = $1 AND type = 'usage'", [user.id])).toEqual([]);
    });

    it('an empty brief or one over the limit is refused with a clear message, and nothing is charged', async () => {
      const { user, client, ws } = await freeTrader();
      const empty = await generate(client, ws, '   ');
      expect(empty.status).toBe(400);
      expect(errorBody.parse(empty.json).message).toBe(aiMessages.briefEmpty);
      const long = await generate(client, ws, 'x'.repeat(2001));
      expect(long.status).toBe(400);
      expect(errorBody.parse(long.json).message).toBe(aiMessages.briefTooLong);
      expect(await usage(user.id)).toEqual([]);
      expect(await balanceOf(client, ws)).toMatchObject({ total: 5 });
    });

    it('two generations started at once with credits for one: exactly one runs', async () => {
      const { user, client, ws } = await freeTrader();
      await allowanceLeft(user.id, 1);
      const results = await Promise.all([generate(client, ws, 'Vetkoek with mince'), generate(client, ws, 'Vetkoek with jam')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 402]);
      expect((await usage(user.id)).map((u) => u.status)).toEqual(['settled']);
      expect(await balanceOf(client, ws)).toMatchObject({ total: 0 });
    });

    it('the allowance is set afresh at the start of the next month; bought credits stay', async () => {
      const { user, client, ws } = await freeTrader(7);
      await generate(client, ws, 'Amasi in glass bottles');
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 4, bought_credits: 7 });
      const now = server.deps.now();
      const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1);
      server.advance(next - now.getTime());
      try {
        // Signed in again: the old access cookie has expired on the moved clock.
        const later = await signIn(server, user.id);
        expect(await balanceOf(later, ws)).toMatchObject({ plan_credits: 5, bought_credits: 7, total: 12 });
        // Reading wrote nothing; the month's first run writes the refresh with its ledger row.
        expect(events((await generate(later, ws, 'Amasi in glass bottles')).text).at(-1)).toEqual({
          type: 'done',
          credits_used: 1,
          balance: 11,
          sample: false,
        });
        const refreshes = await db.query("SELECT amount FROM credit_transactions WHERE user_id = $1 AND type = 'plan_refresh'", [user.id]);
        expect(refreshes).toEqual([{ amount: 5 }, { amount: 5 }]);
      } finally {
        server.advance(now.getTime() - next);
      }
    });

    it('the local stand-in writes sample text, says so, and charges nothing', async () => {
      const { user } = await freeTrader(3);
      const client = await signIn(standIn, user.id);
      const ws = await seedWorkspace(db, user.id);
      expect(standInAi).not.toBeNull();
      expect(await balanceOf(client, ws)).toMatchObject({ configured: true, sample_text: true, total: 8 });
      const brief = 'Handwoven ilala palm baskets from KwaZulu-Natal';
      const res = await generate(client, ws, brief);
      expect(res.status).toBe(200);
      const evs = events(res.text);
      expect(evs[0]).toEqual({ type: 'start', credits_reserved: 0, sample: true });
      expect(
        evs
          .filter((e) => e.type === 'delta')
          .map((e) => (e.type === 'delta' ? e.text : ''))
          .join(''),
      ).toBe(sandboxText(brief, 400));
      expect(evs.at(-1)).toEqual({ type: 'done', credits_used: 0, balance: 8, sample: true });
      expect(await balanceOf(client, ws)).toMatchObject({ plan_credits: 5, bought_credits: 3, total: 8 });
      expect(await usage(user.id)).toEqual([]);
      expect(await db.query("SELECT 1 FROM credit_transactions WHERE user_id = $1 AND type = 'usage'", [user.id])).toEqual([]);
      // With no credits at all the stand-in still writes: it costs nothing.
      await db.query('UPDATE users SET credits = 0 WHERE id = $1', [user.id]);
      await allowanceLeft(user.id, 0);
      expect(events((await generate(client, ws, 'Amasi in glass bottles')).text).at(-1)).toMatchObject({
        type: 'done',
        credits_used: 0,
        sample: true,
      });
    });

    it('unconfigured, generation says so plainly and charges nothing', async () => {
      const { user } = await freeTrader();
      const offClient = await signIn(off, user.id);
      const ws = await seedWorkspace(db, user.id);
      const res = await generate(offClient, ws, 'Anything at all');
      expect(res.status).toBe(503);
      expect(errorBody.parse(res.json)).toMatchObject({ code: 'not_configured', message: aiMessages.notConfigured });
      expect(await balanceOf(offClient, ws)).toMatchObject({ configured: false, total: 5 });
      expect(await usage(user.id)).toEqual([]);
    });

    it('prompt templates: saved per workspace, an unknown variable or a taken name is refused, edited and deleted', async () => {
      const { client, ws } = await freeTrader();
      const base = `/api/workspaces/${ws}/ai/templates`;
      const bad = await client.post(base, {
        name: 'Launch',
        operation: 'caption',
        template: 'New {{product}} for {{price}}',
        variables: ['product'],
      });
      expect(bad.status).toBe(400);
      expect(errorBody.parse(bad.json).message).toBe('The template uses {{price}}, which is not one of its variables.');
      const created = templateDto.parse(
        (
          await client.post(base, {
            name: 'Launch',
            operation: 'caption',
            template: 'New {{product}} for {{price}}',
            variables: ['product', 'price'],
          })
        ).json,
      );
      const taken = await client.post(base, { name: 'launch', operation: 'caption', template: 'x', variables: [] });
      expect(taken.status).toBe(409);
      expect(errorBody.parse(taken.json).message).toBe(aiMessages.templateNameTaken);
      const edited = await client.request('PUT', `${base}/${created.id}`, {
        name: 'Launch day',
        operation: 'caption',
        template: 'Today: {{product}}',
        variables: ['product'],
      });
      expect(templateDto.parse(edited.json)).toMatchObject({ name: 'Launch day', template: 'Today: {{product}}', variables: ['product'] });
      expect(templateList.parse((await client.get(base)).json).templates.map((t) => t.name)).toEqual(['Launch day']);
      expect((await client.delete(`${base}/${created.id}`)).status).toBe(200);
      expect(templateList.parse((await client.get(base)).json).templates).toEqual([]);
      expect((await client.delete(`${base}/${created.id}`)).status).toBe(404);
    });
  });
}
