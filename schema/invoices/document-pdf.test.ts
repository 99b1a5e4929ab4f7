import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { pdfFirstPageImages, pdfText } from '../../tests/support/pdf-text.js';
import { pdfHeading, renderDocumentPdf, type PdfDocument } from './document-pdf.js';
import { documentSeller, sellerOf } from './seller.js';
import { workspaceSettings } from '../workspaces/workspaces.js';

const invoice: PdfDocument = {
  kind: 'invoice',
  number: 'INV-000042',
  issueDate: '2026-03-02',
  endDate: '2026-04-01',
  customer: { name: 'Naledi Khumalo', email: 'naledi@example.com', address: '12 Long Street, Cape Town', vatNumber: '4123456789' },
  currency: 'ZAR',
  items: [
    { id: 'a', description: 'Logo design', quantity: 1, unit_price_cents: 250_000, tax_rate_bp: 1500 },
    { id: 'b', description: 'Brand workshop (hours)', quantity: 1.5, unit_price_cents: 80_000, tax_rate_bp: 1500, discount_bp: 1000 },
  ],
  payments: [{ id: 'p', amount_cents: 100_000, date: '2026-03-05', method: 'eft', reference: 'EFT 881' }],
};

describe('the document PDF', () => {
  it('a VAT-registered seller issues a Tax Invoice with what SARS asks for', async () => {
    const text = await pdfText(
      await renderDocumentPdf(invoice, { name: 'Studio Sipho', address: '3 Main Road, Durban', vatNumber: '4987654321', color: '#1d4ed8' }),
    );
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV-000042');
    expect(text).toContain('Studio Sipho');
    expect(text).toContain('3 Main Road, Durban');
    expect(text).toContain('VAT number: 4987654321');
    expect(text).toContain('Naledi Khumalo');
    expect(text).toContain('VAT number: 4123456789');
    expect(text).toContain('Date: 2026-03-02');
    expect(text).toContain('Logo design');
    expect(text).toContain('Brand workshop (hours)');
    expect(text).toContain('1.5');
    // 2500 + 1.5 × 800 = 3700; 10 % off 1200 = 120; VAT 15 % of 3580 = 537; total 4117; paid 1000.
    expect(text).toMatch(/Subtotal\s+R\s?3,700\.00/);
    expect(text).toMatch(/VAT\s+R\s?537\.00/);
    expect(text).toMatch(/Total\s+R\s?4,117\.00/);
    expect(text).toMatch(/Balance due\s+R\s?3,117\.00/);
  });

  it('a seller without a VAT number issues an Invoice, never a Tax Invoice', async () => {
    const text = await pdfText(await renderDocumentPdf(invoice, { name: 'Market stall' }));
    expect(text).toContain('Invoice');
    expect(text).not.toContain('Tax Invoice');
    expect(pdfHeading(invoice, { vatNumber: '  ' })).toBe('Invoice');
  });

  it('a quote is headed Quote with its validity date', async () => {
    const quote: PdfDocument = { ...invoice, kind: 'quote', number: 'QUO-000007', payments: undefined };
    const text = await pdfText(await renderDocumentPdf(quote, { name: 'Studio Sipho', vatNumber: '4987654321' }));
    expect(text).toContain('Quote');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('QUO-000007');
    expect(text).toContain('Valid until: 2026-04-01');
  });

  it('a credit note names the invoice it corrects', async () => {
    const note: PdfDocument = { ...invoice, kind: 'credit_note', number: 'INV-000050', creditFor: 'INV-000042', payments: undefined };
    const text = await pdfText(await renderDocumentPdf(note, { name: 'Studio Sipho', vatNumber: '4987654321' }));
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain('Credits invoice: INV-000042');
  });

  it('many lines run onto a second page and keep every line', async () => {
    const long: PdfDocument = {
      ...invoice,
      items: Array.from({ length: 60 }, (_, i) => ({
        id: String(i),
        description: `Line ${i + 1}`,
        quantity: 1,
        unit_price_cents: 100,
        tax_rate_bp: 0,
      })),
      payments: undefined,
    };
    const text = await pdfText(await renderDocumentPdf(long, { name: 'Studio Sipho' }));
    expect(text).toContain('Line 1\n');
    expect(text).toContain('Line 60');
    expect(text).toMatch(/Total\s+R\s?60\.00/);
  });

  it('the seller is the workspace: its address from the settings is printed under its name, line by line', async () => {
    const settings = workspaceSettings.parse({ vat_number: '4987654321', address: '3 Main Road\nMorningside\nDurban 4001' });
    const seller = sellerOf('Studio Sipho', settings);
    expect(seller).toMatchObject({ name: 'Studio Sipho', address: '3 Main Road\nMorningside\nDurban 4001', vatNumber: '4987654321' });
    const text = await pdfText(await renderDocumentPdf(invoice, seller));
    expect(text).toMatch(/Studio Sipho\n+3 Main Road\n+Morningside\n+Durban 4001\n+VAT number: 4987654321/);
    expect(sellerOf('Market stall', workspaceSettings.parse({})).address).toBeNull();
  });

  it('an issued document keeps the seller it was issued by, though the workspace registered for VAT since', async () => {
    const now = sellerOf('Studio Sipho (Pty) Ltd', workspaceSettings.parse({ vat_number: '4987654321', address: '9 New Street' }));
    const issued = documentSeller(now, { name: 'Studio Sipho', address: '3 Main Road' });
    expect(issued).toMatchObject({ name: 'Studio Sipho', address: '3 Main Road', vatNumber: null, registrationNumber: null });
    expect(pdfHeading(invoice, issued)).toBe('Invoice');
    const text = await pdfText(await renderDocumentPdf(invoice, issued));
    expect(text).toContain('3 Main Road');
    expect(text).not.toContain('4987654321');
    expect(text).not.toContain('9 New Street');
    // A draft has no issued seller: it shows the workspace as it is now.
    expect(pdfHeading(invoice, documentSeller(now, undefined))).toBe('Tax Invoice');
  });

  it('a PNG logo is drawn on the first page, and without one no image is', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 29, g: 53, b: 87, alpha: 1 } } })
      .png()
      .toBuffer();
    const withLogo = await renderDocumentPdf(
      invoice,
      sellerOf('Studio Sipho', undefined, { logo: { bytes: new Uint8Array(png), type: 'png' } }),
    );
    expect(await pdfFirstPageImages(withLogo)).toBe(1);
    expect(await pdfText(withLogo)).toContain('Studio Sipho');
    expect(await pdfFirstPageImages(await renderDocumentPdf(invoice, sellerOf('Studio Sipho', undefined)))).toBe(0);
  });
});
