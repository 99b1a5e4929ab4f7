import { describe, expect, it } from 'vitest';
import { vatMessages } from '../../../schema/kit/vat.js';
import { workspaceDto, workspaceSettings } from '../../../schema/workspaces/workspaces.js';
import { serverSuite, testDatabases } from '../../../tests/support/db-kit.js';
import { signedInUser } from '../../../tests/support/fixtures.js';

/**
 * Whether a workspace is VAT registered is its own explicit answer (schema/kit/vat.ts): given at
 * creation, changed in settings, and a registered business must give a valid VAT number.
 */
for (const target of testDatabases()) {
  describe(`a workspace's VAT registration on ${target.name}`, () => {
    const t = serverSuite(target);

    it('created as registered it keeps its VAT number; a registered business without a valid number is refused and nothing made', async () => {
      const { client } = await signedInUser(t.server, { plan: 'pro' });
      const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces'))[0].n;
      const before = await count();
      const missing = await client.post('/api/workspaces', { name: 'Vilakazi Prints', country: 'ZA', vat_registered: true });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ errors: { vat_number: [vatMessages.numberRequired] } });
      const bad = await client.post('/api/workspaces', {
        name: 'Vilakazi Prints',
        country: 'ZA',
        vat_registered: true,
        vat_number: '5123456789',
      });
      expect(bad.json).toMatchObject({ errors: { vat_number: [vatMessages.zaNumber] } });
      expect(await count()).toBe(before);

      const ws = workspaceDto.parse(
        (await client.post('/api/workspaces', { name: 'Vilakazi Prints', country: 'ZA', vat_registered: true, vat_number: '4123456789' }))
          .json,
      );
      const settings = workspaceSettings.parse((await client.get(`/api/workspaces/${ws.id}/settings`)).json);
      expect(settings).toMatchObject({ vat_registered: true, vat_number: '4123456789', vat_rate_bp: 1500 });
    });

    it('created as not registered it keeps no VAT number; registering later needs one', async () => {
      const { client } = await signedInUser(t.server, { plan: 'pro' });
      const ws = workspaceDto.parse(
        (await client.post('/api/workspaces', { name: 'Orlando Tees', country: 'ZA', vat_registered: false, vat_number: '4123456789' }))
          .json,
      );
      const path = `/api/workspaces/${ws.id}/settings`;
      expect(workspaceSettings.parse((await client.get(path)).json)).toMatchObject({ vat_registered: false, vat_number: null });

      const refused = await client.patch(path, { vat_registered: true });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ errors: { vat_number: [vatMessages.numberRequired] } });
      expect(workspaceSettings.parse((await client.get(path)).json)).toMatchObject({ vat_registered: false });

      const saved = await client.patch(path, { vat_registered: true, vat_number: '4987654321' });
      expect(saved.status).toBe(200);
      expect(workspaceSettings.parse(saved.json)).toMatchObject({ vat_registered: true, vat_number: '4987654321' });
      // An unrelated change does not need the VAT fields again.
      expect((await client.patch(path, { dark_mode: true })).status).toBe(200);
    });

    it('never asked (no country given): not registered, so nothing is charged silently', async () => {
      const { client } = await signedInUser(t.server, { plan: 'pro' });
      const ws = workspaceDto.parse((await client.post('/api/workspaces', { name: 'Ads only' })).json);
      expect(workspaceSettings.parse((await client.get(`/api/workspaces/${ws.id}/settings`)).json)).toMatchObject({
        vat_registered: null,
        vat_number: null,
      });
    });
  });
}
