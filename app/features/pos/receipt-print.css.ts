import { globalStyle } from '@vanilla-extract/css';

/**
 * Till paper: the print-only copy of a receipt (`printReceipt`) is all that prints, 58 mm or 80 mm
 * wide, black on white, in a size a thermal printer keeps legible.
 */
globalStyle('#receipt-print', { display: 'none' });
globalStyle('html[data-receipt-width] body > *:not(#receipt-print)', { '@media': { print: { display: 'none' } } });
globalStyle('html[data-receipt-width] body', { '@media': { print: { margin: 0, background: '#fff' } } });
globalStyle('#receipt-print', {
  '@media': { print: { display: 'block', color: '#000', background: '#fff', fontSize: '9pt', lineHeight: 1.3 } },
});
globalStyle('#receipt-print[data-width="58"]', { width: '48mm', '@media': { print: { width: '48mm', padding: '0 1mm' } } });
globalStyle('#receipt-print[data-width="80"]', {
  width: '72mm',
  '@media': { print: { width: '72mm', padding: '0 2mm', fontSize: '10pt' } },
});
globalStyle('#receipt-print *', {
  '@media': { print: { color: '#000', background: 'transparent', boxShadow: 'none', borderColor: '#000' } },
});
globalStyle('#receipt-print article', { '@media': { print: { border: 'none', padding: 0, gap: '1mm' } } });
globalStyle('#receipt-print [data-no-print]', { '@media': { print: { display: 'none' } } });
globalStyle('html[data-receipt-width]', { '@media': { print: { background: '#fff' } } });
// One size for every line on till paper; the business name and the total a little larger.
globalStyle(
  '#receipt-print div, #receipt-print p, #receipt-print dt, #receipt-print dd, #receipt-print li, #receipt-print th, #receipt-print td',
  {
    '@media': { print: { fontSize: '1em' } },
  },
);
globalStyle('#receipt-print header > p:first-child, #receipt-print dl > div:has(> dd[data-testid="receipt-total"])', {
  '@media': { print: { fontSize: '1.25em', fontWeight: 800 } },
});
