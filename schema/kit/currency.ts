import { z } from 'zod';
import { countryCodes, currencyCodes } from './currency-rules.js';

/**
 * The price-display currencies and countries as zod schemas, for the server and the contract; the
 * rules themselves are in schema/kit/currency-rules.ts (zod-free, for the landing page) and re-exported here.
 */
export * from './currency-rules.js';

export const currencyCode = z.enum(currencyCodes);

/** USD-based rates: how many units of each currency one US dollar buys. */
export const usdRates = z.record(currencyCode, z.number().positive());

export const countryCode = z.enum(countryCodes);
