import { describe, expect, it } from 'vitest';
import { countryMessages } from '../../../schema/kit/countries.js';
import { workspaceDto, workspaceSettings } from '../../../schema/workspaces/workspaces.js';
import { serverSuite, testDatabases } from '../../../tests/support/db-kit.js';
import { signedInUser } from '../../../tests/support/fixtures.js';

for (const target of testDatabases()) {
  describe(`a workspace's country on ${target.name}`, () => {
    const t = serverSuite(target);

    it('a South African workspace starts in rand, Johannesburg time and 15 % VAT included in prices', async () => {
      const { client } = await signedInUser(t.server);
      const created = await client.post('/api/workspaces', { name: 'Soweto Spaza', country: 'ZA' });
      expect(created.status).toBe(200);
      const ws = workspaceDto.parse(created.json);
      const settings = workspaceSettings.parse((await client.get(`/api/workspaces/${ws.id}/settings`)).json);
      expect(settings).toMatchObject({
        country: 'ZA',
        currency: 'ZAR',
        timezone: 'Africa/Johannesburg',
        vat_rate_bp: 1500,
        prices_include_vat: true,
        vat_number: null,
        company_registration_number: null,
        date_format: 'YYYY-MM-DD',
        time_format: 'HH:mm',
      });
    });

    it('a workspace with no country known keeps the spec defaults: US dollars, UTC, no VAT', async () => {
      const { client } = await signedInUser(t.server, { plan: 'pro' });
      for (const body of [{ name: 'Other place' }, { name: 'Other place 2', country: null }]) {
        const ws = workspaceDto.parse((await client.post('/api/workspaces', body)).json);
        const settings = workspaceSettings.parse((await client.get(`/api/workspaces/${ws.id}/settings`)).json);
        expect(settings).toMatchObject({ country: null, currency: 'USD', timezone: 'UTC', vat_rate_bp: 0, prices_include_vat: false });
      }
      const auto = workspaceDto.parse((await client.post('/api/workspaces/auto-create', { name: 'Ads', type: 'classifieds' })).json);
      const autoSettings = workspaceSettings.parse((await client.get(`/api/workspaces/${auto.id}/settings`)).json);
      expect(autoSettings).toMatchObject({ country: null, currency: 'USD', timezone: 'UTC', vat_rate_bp: 0 });
    });

    it('another country in the table gets its own currency, zone and rate', async () => {
      const { client } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await client.post('/api/workspaces', { name: 'Lagos Kitchen', country: 'NG' })).json);
      const settings = workspaceSettings.parse((await client.get(`/api/workspaces/${ws.id}/settings`)).json);
      expect(settings).toMatchObject({ country: 'NG', currency: 'NGN', timezone: 'Africa/Lagos', vat_rate_bp: 750 });
    });

    it('an unknown country code is refused with a clear message and creates nothing', async () => {
      const { client } = await signedInUser(t.server);
      for (const country of ['XX', 'za', 'ZAF', 7]) {
        const res = await client.post('/api/workspaces', { name: 'Nowhere shop', country });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ errors: { country: [countryMessages.unknown] } });
      }
      expect((await client.get('/api/workspaces')).json).toEqual([]);
    });

    it('VAT, registration numbers, the address and the country change in settings; a rate over 100 %, a bad zone or a long address is refused and changes nothing', async () => {
      const { client } = await signedInUser(t.server);
      const ws = workspaceDto.parse((await client.post('/api/workspaces', { name: 'Tax shop', country: 'ZA' })).json);
      const path = `/api/workspaces/${ws.id}/settings`;
      const saved = await client.patch(path, {
        vat_number: ' 4123456789 ',
        company_registration_number: '2019/123456/07',
        address: ' 3 Main Road\nDurban 4001 ',
        vat_rate_bp: 1400,
        prices_include_vat: false,
      });
      expect(saved.status).toBe(200);
      const before = workspaceSettings.parse(saved.json);
      expect(before).toMatchObject({
        vat_number: '4123456789',
        company_registration_number: '2019/123456/07',
        address: '3 Main Road\nDurban 4001',
        vat_rate_bp: 1400,
        prices_include_vat: false,
        currency: 'ZAR',
      });

      const tooHigh = await client.patch(path, { vat_rate_bp: 10_001, vat_number: 'changed' });
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.json).toMatchObject({ errors: { vat_rate_bp: ['VAT rate must be between 0 % and 100 %'] } });
      const negative = await client.patch(path, { vat_rate_bp: -1 });
      expect(negative.json).toMatchObject({ errors: { vat_rate_bp: ['VAT rate must be between 0 % and 100 %'] } });
      const badCountry = await client.patch(path, { country: 'XX' });
      expect(badCountry.json).toMatchObject({ errors: { country: [countryMessages.unknown] } });
      const badZone = await client.patch(path, { timezone: 'Mars/Olympus_Mons' });
      expect(badZone.json).toMatchObject({ errors: { timezone: ['Choose a time zone from the list'] } });
      const longVat = await client.patch(path, { vat_number: '9'.repeat(31) });
      expect(longVat.json).toMatchObject({ errors: { vat_number: ['A VAT number has at most 30 characters'] } });
      const longAddress = await client.patch(path, { address: 'x'.repeat(301), vat_number: 'changed' });
      expect(longAddress.status).toBe(400);
      expect(longAddress.json).toMatchObject({ errors: { address: ['An address has at most 300 characters'] } });
      expect(workspaceSettings.parse((await client.get(path)).json)).toEqual(before);

      const cleared = await client.patch(path, { country: null, vat_number: null });
      expect(workspaceSettings.parse(cleared.json)).toMatchObject({ country: null, vat_number: null, currency: 'ZAR' });
    });
  });
}
