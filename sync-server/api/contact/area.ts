import { contactContract } from '../../../schema/contact/contract.js';
import { defineArea } from '../../areas/area.js';
import { contactRoutes } from './contact.routes.js';

/** The public contact form. */
export const contactArea = defineArea({ id: 'contact', contracts: { contactContract }, routes: [contactRoutes] });
