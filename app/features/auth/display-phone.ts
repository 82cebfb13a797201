import { formatPhoneInput } from './phone-format';

/**
 * '+15551234567' or '5551234567' shown as (555) 123-4567; another country's number as stored (E.164). A module of its
 * own: the pages that show a number load lazily, and it stays out of the guest's first download (docs/decisions/219).
 */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return formatPhoneInput(digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : phone);
}
