import { defineArea } from '../../areas/area.js';
import { contactRoutes } from './contact.routes.js';

/** The public contact form. */
export const contactArea = defineArea({ id: 'contact', routes: [contactRoutes] });
