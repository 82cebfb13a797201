import { OTP_CODE_LENGTH } from '../../../shared/constants';

/** Spec: exactly 10 digits entered are shown as (###) ###-####; anything else stays as typed. */
export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value;
}

/** Spec: the code field keeps digits only, at most 6. */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);

/** '+15551234567' or '5551234567' shown as (555) 123-4567; another country's number as stored (E.164). */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return formatPhoneInput(digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : phone);
}
