/** Choices offered for spec §3 workspace_settings. Every option has a value (spec §5: no empty items). */

export const dateFormats = [
  { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD (2025-05-20)' },
  { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY (20/05/2025)' },
  { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY (05/20/2025)' },
  { value: 'DD MMM YYYY', label: 'DD MMM YYYY (20 May 2025)' },
  { value: 'MMMM D, YYYY', label: 'MMMM D, YYYY (May 20, 2025)' },
] as const;

// time_format holds at most 5 characters (spec §9 "time strings 5").
export const timeFormats = [
  { value: 'HH:mm', label: '24-hour (14:30)' },
  { value: 'hh:mm', label: '12-hour (02:30 PM)' },
] as const;

export const languages = [
  { value: 'en', label: 'English' },
  { value: 'af', label: 'Afrikaans' },
  { value: 'zu', label: 'isiZulu' },
  { value: 'xh', label: 'isiXhosa' },
  { value: 'st', label: 'Sesotho' },
  { value: 'tn', label: 'Setswana' },
  { value: 'sw', label: 'Kiswahili' },
  { value: 'fr', label: 'French' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'ar', label: 'Arabic' },
] as const;

export const currencies = [
  { value: 'USD', label: 'USD — US Dollar' },
  { value: 'ZAR', label: 'ZAR — South African Rand' },
  { value: 'EUR', label: 'EUR — Euro' },
  { value: 'GBP', label: 'GBP — British Pound' },
  { value: 'NGN', label: 'NGN — Nigerian Naira' },
  { value: 'KES', label: 'KES — Kenyan Shilling' },
  { value: 'GHS', label: 'GHS — Ghanaian Cedi' },
  { value: 'BWP', label: 'BWP — Botswana Pula' },
  { value: 'NAD', label: 'NAD — Namibian Dollar' },
  { value: 'ZMW', label: 'ZMW — Zambian Kwacha' },
  { value: 'TZS', label: 'TZS — Tanzanian Shilling' },
  { value: 'UGX', label: 'UGX — Ugandan Shilling' },
  { value: 'MZN', label: 'MZN — Mozambican Metical' },
  { value: 'EGP', label: 'EGP — Egyptian Pound' },
  { value: 'MAD', label: 'MAD — Moroccan Dirham' },
  { value: 'AUD', label: 'AUD — Australian Dollar' },
  { value: 'CAD', label: 'CAD — Canadian Dollar' },
  { value: 'INR', label: 'INR — Indian Rupee' },
  { value: 'PKR', label: 'PKR — Pakistani Rupee' },
  { value: 'BDT', label: 'BDT — Bangladeshi Taka' },
  { value: 'CNY', label: 'CNY — Chinese Yuan' },
  { value: 'JPY', label: 'JPY — Japanese Yen' },
] as const;

export const fileTypes = [
  { value: 'image/*', label: 'Images' },
  { value: 'application/pdf', label: 'PDF documents' },
  { value: 'text/csv', label: 'CSV files' },
  { value: 'text/plain', label: 'Plain text' },
  { value: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel spreadsheets (.xlsx)' },
  { value: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word documents (.docx)' },
  { value: 'video/*', label: 'Video' },
  { value: 'audio/*', label: 'Audio' },
] as const;

/** The browser's time zones with UTC first; a stored value the browser does not know is kept. */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = ['UTC', ...zones.filter((z) => z !== 'UTC')];
  if (!all.includes(current)) all.unshift(current);
  return all.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

/** A select's options, plus the stored value when it is not one of them (so saving never changes it silently). */
export function withCurrent(options: ReadonlyArray<{ value: string; label: string }>, current: string) {
  return options.some((o) => o.value === current) ? options : [{ value: current, label: current }, ...options];
}
