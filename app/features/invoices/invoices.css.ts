import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

const phone = 'screen and (max-width: 640px)';

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  alignItems: 'center',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:hover': { borderColor: vars.color.accent },
  },
});
export const rowTitle = style({
  fontWeight: 700,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  overflowWrap: 'anywhere',
});
export const rowMeta = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  gridColumn: '1 / -1',
});
export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' });

const statusBase = style({
  display: 'inline-flex',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});
export const status = styleVariants({
  neutral: [statusBase, { background: vars.color.surfaceAlt, color: vars.color.text }],
  good: [statusBase, { background: vars.color.surface, color: vars.color.success, borderColor: vars.color.success }],
  warn: [statusBase, { background: vars.color.accentSoft, color: vars.color.text, borderColor: vars.color.warning }],
  bad: [statusBase, { background: vars.color.surface, color: vars.color.danger, borderColor: vars.color.danger }],
});

export const fieldset = style({ border: 'none', padding: 0, margin: 0, minWidth: 0 });

/** Line items in the form: one card per line on a phone, a compact grid from tablet up. */
export const lines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });
export const line = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 0.9fr) minmax(0, 0.9fr) auto',
  gap: vars.space.sm,
  alignItems: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': {
    'screen and (max-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});
export const lineDescription = style({ '@media': { 'screen and (max-width: 900px)': { gridColumn: '1 / -1' } } });
export const lineFoot = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  paddingTop: '26px',
  '@media': {
    'screen and (max-width: 900px)': {
      gridColumn: '1 / -1',
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'center',
      paddingTop: 0,
    },
  },
});

export const totals = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginLeft: 'auto',
  minWidth: 'min(320px, 100%)',
  margin: 0,
});
export const totalRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.lg, fontVariantNumeric: 'tabular-nums' });
export const grandTotal = style([
  totalRow,
  { fontWeight: 700, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs },
]);
globalStyle(`${totals} dd`, { margin: 0 });
export const totalsWrap = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: vars.space.xs });
export const totalsNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The printable document. */
export const paper = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [phone]: { padding: vars.space.md } },
});
export const paperHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.lg });
export const docTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const parties = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: vars.space.lg });
export const partyText = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const label = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  margin: 0,
});
export const sellerAddress = style({ margin: 0, whiteSpace: 'pre-line', fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  alignContent: 'start',
});

export const dateRow = style({ display: 'contents' });
globalStyle(`${dates} dd`, { margin: 0 });

// Positioned, so visually hidden text inside scrolls with the table instead of widening the page.
export const tableWrap = style({ overflowX: 'auto', position: 'relative' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'right',
  verticalAlign: 'top',
});
globalStyle(`${table} th:first-child, ${table} td:first-child`, { textAlign: 'left' });
globalStyle(`${table} th`, { fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 600 });

/** Phone: each line as a small block instead of a table too wide for 360 px. */
export const itemCards = style({
  display: 'none',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [phone]: { display: 'flex' } },
});
export const itemCard = style({
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const wideOnly = style({ '@media': { [phone]: { display: 'none' } } });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Screen-only parts of a document page (actions, notices, links). */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

// Printing shows the document alone, in black on white: the workspace chrome around it is hidden
// while a document is on the page, and the shell's two-column grid collapses to one.
const print = (rule: Parameters<typeof globalStyle>[1]) => ({ '@media': { print: rule } });
globalStyle(
  `body:has(${paper}) header, body:has(${paper}) [data-testid="toast-region"], body:has(${paper}) [data-testid="offline-mark"]`,
  print({ display: 'none' }),
);
globalStyle(`body:has(${paper}) div:has(> header + main)`, print({ display: 'block', background: 'none' }));
globalStyle(`${paper}, ${paper} *`, print({ color: '#000', background: '#fff', borderColor: '#999' }));
globalStyle(`${paper}`, print({ border: 'none', padding: 0 }));
globalStyle(`${paper} ${itemCards}`, print({ display: 'none' }));
globalStyle(`${paper} ${wideOnly}`, print({ display: 'block', overflow: 'visible' }));
globalStyle(`${paper} ${table}`, print({ fontSize: '10pt' }));

/** The workspace's logo above its name on a document. */
export const logo = style({ display: 'block', maxWidth: '160px', maxHeight: '64px', width: 'auto', height: 'auto', objectFit: 'contain' });

/** The credit note form: one row per invoice line, its quantity field beside it (under it on a phone). */
export const creditLines = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});
export const creditLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm,
});
export const creditQuantity = style({ flex: '0 1 240px', '@media': { [phone]: { flex: '1 1 100%' } } });
export const creditTotal = style({ fontWeight: 700, fontSize: vars.fontSize.lg, margin: 0 });
