import { z } from 'zod';

/**
 * Messages a person can read for every rule a schema states without its own message ("Too big:
 * expected string to have <=255 characters" becomes "Must be at most 255 characters"). A schema's own
 * message always wins; this only replaces zod's built-in wording. It is shown under the field it is
 * about, so it never needs the field's name.
 */
const formats: Record<string, string> = {
  email: 'Please enter a valid email address',
  url: 'Enter a full web address, starting with https://',
  uuid: 'Not a valid identifier',
  datetime: 'Enter a real date and time',
  date: 'Dates are written YYYY-MM-DD',
  time: 'Times are written HH:mm',
};

const count = (n: number | bigint) => Number(n).toLocaleString('en-US');

function sizeMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  const exclusive = issue.inclusive === false;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return `Must be exactly ${count(limit)} character${Number(limit) === 1 ? '' : 's'}`;
      if (!big && Number(limit) <= 1) return 'This field is required';
      return big ? `Must be at most ${count(limit)} characters` : `Must be at least ${count(limit)} characters`;
    case 'array':
    case 'set':
      if (!big && Number(limit) <= 1) return 'Add at least one';
      return big ? `At most ${count(limit)} allowed` : `At least ${count(limit)} needed`;
    case 'number':
    case 'int':
    case 'bigint':
      if (big) return exclusive ? `Must be less than ${count(limit)}` : `Must be ${count(limit)} or less`;
      if (!exclusive && Number(limit) === 0) return 'Cannot be negative';
      return exclusive ? `Must be more than ${count(limit)}` : `Must be ${count(limit)} or more`;
    case 'date':
      return big ? 'That date is too late' : 'That date is too early';
    default:
      return big ? 'Too large' : 'Too small';
  }
}

export function readableMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'This field is required';
      if (issue.expected === 'int') return 'Enter a whole number';
      if (issue.expected === 'number') return 'Enter a number';
      if (issue.expected === 'boolean') return 'Choose yes or no';
      if (issue.expected === 'date') return 'Enter a real date';
      return 'This value is not accepted here';
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return formats[issue.format] ?? 'This is not in the expected format';
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${String(issue.values[0])}`
        : `Choose one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Must be a whole number' : `Must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Not accepted here: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'This value is not accepted here';
    default:
      return undefined;
  }
}

z.config({ customError: readableMessage });
