import { countryCode, currencyCode, DEFAULT_COUNTRY, DEFAULT_CURRENCY } from '../../../../schema/currency';
import { localSetting } from '../local-setting';

/** The visitor's display currency (spec §4 "Other": persists in local storage). */
export const currencySetting = localSetting('currency', currencyCode, DEFAULT_CURRENCY);

/** The visitor's country (marketplace header's country selector reads and writes this). */
export const countrySetting = localSetting('country', countryCode, DEFAULT_COUNTRY);
