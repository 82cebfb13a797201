import { OTP_CODE_LENGTH } from '../../../shared/constants';

/** Spec: exactly 10 digits entered are shown as (###) ###-####; anything else stays as typed. */
export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return value;
}

/** Spec: the code field keeps digits only, at most 6. */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
