import { publicContract } from '../../../schema/public/contract.js';
import { defineArea } from '../../areas/area.js';
import { exchangeRatesRoutes } from './exchange-rates.routes.js';

/** Exchange rates for prices shown in other currencies. */
export const exchangeRatesArea = defineArea({ id: 'exchange-rates', contracts: { publicContract }, routes: [exchangeRatesRoutes] });
