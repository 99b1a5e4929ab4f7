/**
 * The Vuka mark: a bold yellow "V" whose right arm keeps rising into an arrow, like a sales chart
 * going up. Drawn on a 512 grid; every icon file is rendered from these functions.
 */
const yellow = '#facc15';
const black = '#111111';

const stroke = 64;
const left = { x: 120, y: 168 };
const bottom = { x: 228, y: 372 };
const armEnd = { x: 360, y: 176 };

function arrowHead(): string {
  const dx = armEnd.x - bottom.x;
  const dy = armEnd.y - bottom.y;
  const len = Math.hypot(dx, dy);
  const u = { x: dx / len, y: dy / len };
  const n = { x: -u.y, y: u.x };
  const half = 74;
  const reach = 104;
  const pts = [
    { x: armEnd.x + n.x * half, y: armEnd.y + n.y * half },
    { x: armEnd.x + u.x * reach, y: armEnd.y + u.y * reach },
    { x: armEnd.x - n.x * half, y: armEnd.y - n.y * half },
  ];
  return pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

/** The V and arrow, centred on (256, 256), scaled by `scale`. */
function markGroup(scale: number, color = yellow): string {
  const t = `translate(256 256) scale(${scale}) translate(-254 -262)`;
  return (
    `<g transform="${t}" fill="${color}">` +
    `<polyline points="${left.x},${left.y} ${bottom.x},${bottom.y} ${armEnd.x},${armEnd.y}" fill="none" ` +
    `stroke="${color}" stroke-width="${stroke}" stroke-linejoin="miter" stroke-miterlimit="4" stroke-linecap="round"/>` +
    `<polygon points="${arrowHead()}"/>` +
    `</g>`
  );
}

export type MarkStyle = 'rounded' | 'full-bleed';

/**
 * `rounded`: a black rounded square (favicon, "any" icons). `full-bleed`: black to the edges with
 * the mark kept inside the maskable safe zone (a circle of 40 % of the size around the centre).
 */
export function markSvg(style: MarkStyle, size = 512, markScale = style === 'rounded' ? 0.86 : 0.74): string {
  const bg =
    style === 'rounded' ? `<rect width="512" height="512" rx="112" fill="${black}"/>` : `<rect width="512" height="512" fill="${black}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${size}" height="${size}">` + `${bg}${markGroup(markScale)}</svg>`
  );
}

/** Shortcut glyphs in the same colours: a till receipt for POS, a ruled page for a new invoice. */
export function shortcutSvg(kind: 'pos' | 'invoice', size = 96): string {
  const glyph =
    kind === 'pos'
      ? `<path d="M150 104h212v304l-35-24-35 24-36-24-35 24-36-24-35 24z" fill="none" stroke="${yellow}" stroke-width="36" stroke-linejoin="round"/>` +
        `<path d="M206 196h100M206 262h100" stroke="${yellow}" stroke-width="32" stroke-linecap="round"/>`
      : `<path d="M150 96h150l64 64v256H150z" fill="none" stroke="${yellow}" stroke-width="36" stroke-linejoin="round"/>` +
        `<path d="M206 228h100M206 292h100M206 356h60" stroke="${yellow}" stroke-width="30" stroke-linecap="round"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="${size}" height="${size}">` +
    `<rect width="512" height="512" rx="112" fill="${black}"/>${glyph}</svg>`
  );
}
