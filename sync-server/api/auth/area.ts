import { authContract } from '../../../schema/auth/contract.js';
import { defineArea } from '../../areas/area.js';
import { authRoutes } from './auth.routes.js';

/** Accounts and sessions. */
export const authArea = defineArea({ id: 'auth', contracts: { authContract }, routes: [authRoutes] });
