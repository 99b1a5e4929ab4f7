import { countryCodes, currencyCodes, DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../../../schema/kit/currency-rules';
import { oneOf } from '../../../routes/search-params';
import { localSetting } from '../../../kit/local-setting';

/** A display currency's code. */
export const currencyCode = oneOf(currencyCodes);

/** The visitor's display currency (spec §4 "Other": persists in local storage). */
export const currencySetting = localSetting('currency', currencyCode, DEFAULT_CURRENCY);

/** The visitor's country (marketplace header's country selector reads and writes this). */
export const countrySetting = localSetting('country', oneOf(countryCodes), DEFAULT_COUNTRY);
