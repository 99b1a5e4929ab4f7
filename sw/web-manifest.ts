import type { ManifestOptions } from 'vite-plugin-pwa';
import { brand } from '../schema/brand.js';

/** Workspace theme colours (app/ui/theme.css.ts): black header, yellow accent. */
export const pwaColors = { black: '#111111', yellow: '#facc15' } as const;

/** The icon files the manifest and the HTML head point at (drawn by `sw/tools/render-icons.ts`). */
export const pwaIcons = {
  icon192: '/icons/icon-192.png',
  icon512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  appleTouch: '/icons/apple-touch-icon.png',
  favicon: '/favicon.svg',
  shortcutPos: '/icons/shortcut-pos-96.png',
  shortcutInvoice: '/icons/shortcut-invoice-96.png',
} as const;

/**
 * The web app manifest. A manifest cannot name a workspace, so the shortcuts open the control hub
 * with `open=…` and it sends people on to the till or a new invoice in their workspace.
 */
export const webManifest: Partial<ManifestOptions> = {
  id: '/controlhub',
  name: brand.product,
  short_name: brand.product,
  description: `${brand.product}: point of sale, invoices, stock and more for African small businesses. Works offline.`,
  lang: 'en',
  start_url: '/controlhub',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: pwaColors.black,
  background_color: pwaColors.black,
  categories: ['business', 'finance', 'productivity'],
  icons: [
    { src: pwaIcons.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: pwaIcons.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: pwaIcons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Point of sale',
      short_name: 'POS',
      url: '/controlhub?open=pos',
      icons: [{ src: pwaIcons.shortcutPos, sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'New invoice',
      short_name: 'Invoice',
      url: '/controlhub?open=invoice',
      icons: [{ src: pwaIcons.shortcutInvoice, sizes: '96x96', type: 'image/png' }],
    },
  ],
};
