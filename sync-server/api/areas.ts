import type { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { healthRoutes } from './health/health.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { contactRoutes } from './contact/contact.routes.js';
import { mailConsentRoutes } from './mail-consent/mail-consent.routes.js';
import { devRoutes } from './dev/dev.routes.js';
import { exchangeRatesRoutes } from './exchange-rates/exchange-rates.routes.js';
import { workspacesRoutes } from './workspaces/workspaces.routes.js';
import { syncRoutes } from '../sync/sync.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { driveRoutes } from './drive/drive.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { posRoutes } from './pos/pos.routes.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { marketplaceRoutes } from './marketplace/marketplace.routes.js';
import { seoRoutes } from '../seo/seo.js';
import { eventsRoutes } from './events/events.routes.js';
import { classifiedsRoutes } from './classifieds/classifieds.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { aiRoutes } from './ai/ai.routes.js';
import { bookingsRoutes } from './bookings/bookings.routes.js';

/** Every API area, mounted in this order by createApp. */
export const apiAreas: ReadonlyArray<(deps: AppDeps) => Router> = [
  healthRoutes,
  authRoutes,
  workspacesRoutes,
  contactRoutes,
  mailConsentRoutes,
  exchangeRatesRoutes,
  syncRoutes,
  billingRoutes,
  driveRoutes,
  projectsRoutes,
  posRoutes,
  invoicesRoutes,
  marketplaceRoutes,
  eventsRoutes,
  classifiedsRoutes,
  contentRoutes,
  aiRoutes,
  bookingsRoutes,
  seoRoutes,
  devRoutes,
];
