/**
 * The styles of /marketplace's first screen (market-first-screen.ts): the values of the app's own
 * (market.css.ts, layout.css.ts, controls.css.ts, reviews.css.ts, the public theme), written out
 * because the server cannot know the app's built class names. The screen must keep the app's
 * geometry: the app's page replaces it, and an element it then draws larger than any drawn here
 * would be the page's largest paint again, seconds later (tests/e2e/marketplace-first-screen.spec.ts
 * compares the two).
 */
const light = `--fs-bg:#fff;--fs-surface:#fff;--fs-alt:#f5f5f4;--fs-text:#111;--fs-muted:#57534e;--fs-border:#e7e5e4;
--fs-accent:#111;--fs-accent-text:#fff;--fs-success:#15803d;--fs-warning:#a16207;--fs-danger:#b91c1c;--fs-shadow:0 8px 24px rgba(0,0,0,.08)`;
const dark = `--fs-bg:#0c0a09;--fs-surface:#1c1917;--fs-alt:#292524;--fs-text:#fafaf9;--fs-muted:#a8a29e;--fs-border:#44403c;
--fs-accent:#fafaf9;--fs-accent-text:#0c0a09;--fs-success:#4ade80;--fs-warning:#facc15;--fs-danger:#f87171;--fs-shadow:0 8px 24px rgba(0,0,0,.5)`;
const font = `system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif`;
const desktop = '@media screen and (min-width:880px)';
const phone = '@media screen and (max-width:599px)';

export const firstScreenCss = `
#first-screen{${light};font-family:${font};color:var(--fs-text);background:var(--fs-bg);min-height:100vh;font-size:16px;line-height:1.5}
@media (prefers-color-scheme:dark){#first-screen{${dark}}}
#first-screen *{box-sizing:border-box}
#first-screen a{color:inherit}
.fs-header{position:sticky;top:0;z-index:20;background:var(--fs-bg);color:var(--fs-text);border-bottom:1px solid var(--fs-border)}
.fs-bar{max-width:1200px;margin:0 auto;padding:8px 16px;display:flex;align-items:center;gap:16px;min-height:60px}
.fs-logo{font-weight:800;font-size:1.5rem;text-decoration:none;letter-spacing:-.02em}
.fs-top-links{display:none;gap:16px}
.fs-nav-link{text-decoration:none;font-weight:500;padding:4px 0}
.fs-tools{margin-left:auto;display:flex;align-items:center;gap:8px}
.fs-desktop{display:none}
${desktop}{.fs-top-links{display:flex}.fs-desktop{display:inline-flex}.fs-menu{display:none}}
.fs-cart{position:relative;display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border-radius:10px;text-decoration:none}
.fs-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:0 16px;border-radius:10px;
border:1px solid transparent;font-size:1rem;font-weight:600;font-family:inherit;cursor:pointer;text-decoration:none;white-space:nowrap}
.fs-primary{background:var(--fs-accent);color:var(--fs-accent-text)}
#first-screen .fs-secondary{background:var(--fs-surface);color:var(--fs-text);border-color:var(--fs-border)}
.fs-menu{margin-left:auto;min-width:44px;min-height:44px;border:1px solid var(--fs-border);border-radius:10px;background:var(--fs-surface);
color:var(--fs-text);font-size:1rem;font-weight:600;padding:0 12px;cursor:pointer}
.fs-notice{display:none;align-items:center;gap:12px;padding:8px 16px;background:var(--fs-alt);border-bottom:1px solid var(--fs-border);font-size:.875rem}
@media (max-width:767px){.fs-notice{display:flex}}
.fs-notice-close{margin-left:auto;min-width:44px;min-height:44px;border:none;background:transparent;color:var(--fs-text);font-size:1.125rem;cursor:pointer}
.fs-container{max-width:1200px;margin:0 auto;padding:16px;width:100%}
.fs-stack{display:flex;flex-direction:column;gap:24px}
#first-screen .fs-hero{gap:.75rem}
.fs-h1{font-family:${font};line-height:1.2;font-size:clamp(1.5rem,5vw,2.25rem);letter-spacing:-.02em;margin:0;overflow-wrap:anywhere}
.fs-h2{font-family:${font};line-height:1.2;font-size:1.5rem;margin:0 0 12px}
.fs-muted{color:var(--fs-muted);margin:0}
.fs-search{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end}
.fs-search-input{flex:1 1 240px;min-width:0}
.fs-field{display:flex;flex-direction:column;gap:4px;width:100%}
.fs-label{font-size:.875rem;font-weight:600}
.fs-input{min-height:44px;padding:0 12px;border-radius:10px;border:1px solid var(--fs-border);background:var(--fs-surface);color:var(--fs-text);
font-size:1rem;font-family:inherit;width:100%}
.fs-chips{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.fs-chip{display:inline-flex;align-items:center;min-height:36px;padding:0 12px;border-radius:18px;border:1px solid var(--fs-border);
background:var(--fs-surface);color:var(--fs-text);text-decoration:none;font-size:.875rem}
#first-screen .fs-chip[aria-current=page]{background:var(--fs-accent);color:var(--fs-accent-text);border-color:var(--fs-accent)}
.fs-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,200px),1fr));list-style:none;margin:0;padding:0}
${phone}{.fs-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}}
.fs-card-wrap{position:relative;height:100%}
#first-screen .fs-card{display:flex;flex-direction:column;height:100%;border:1px solid var(--fs-border);border-radius:16px;background:var(--fs-surface);
overflow:hidden;color:inherit;text-decoration:none}
.fs-card-image{width:100%;aspect-ratio:1/1;object-fit:cover;background:var(--fs-alt);display:block}
.fs-card-placeholder{display:flex;align-items:center;justify-content:center;font-size:2.5rem;font-weight:800;color:var(--fs-muted)}
.fs-card-body{padding:12px;display:flex;flex-direction:column;gap:4px;flex:1}
.fs-card-name{font-weight:700;margin:0;overflow-wrap:anywhere}
.fs-card-seller{font-size:.875rem;color:var(--fs-muted);margin:0;overflow-wrap:anywhere}
.fs-stock{font-size:.875rem;font-weight:600}
.fs-in_stock{color:var(--fs-success)}.fs-low{color:var(--fs-warning)}.fs-out{color:var(--fs-danger)}
.fs-price-row{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px;margin-top:auto}
.fs-price{font-weight:800;font-size:1.125rem}
.fs-was{text-decoration:line-through;color:var(--fs-muted);font-size:.875rem}
.fs-heart{display:inline-flex;align-items:center;justify-content:center;gap:4px;min-width:44px;min-height:44px;padding:0;border-radius:999px;
border:1px solid var(--fs-border);background:var(--fs-surface);color:var(--fs-text);font:inherit;font-weight:600;cursor:pointer;
position:absolute;top:8px;right:8px;box-shadow:var(--fs-shadow)}
.fs-heart-glyph{font-size:1.25rem;line-height:1}
`.replace(/\n(?![.#@])/g, '');
