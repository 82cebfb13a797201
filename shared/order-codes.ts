// An order's code, what the bar calls out and every screen shows ("Order K47", docs/product.md §4.6): a letter and
// two digits from an alphabet without look-alike or sound-alike characters (docs/decisions/234). The venue's hub
// gives each new order one that no open order of the venue holds (docs/decisions/234).

// Letters and digits a bartender can call across a loud bar: no I/O/Q/U/V/W/S/Z (read as 1, 0, 2, 5 or said two
// ways), no 0/1/5/2.
const CALL_LETTERS = 'ABCDEFGHJKLMNPRTXY';
const CALL_DIGITS = '346789';

/** 18 letters × 6 × 6 digits. */
export const ORDER_CODE_SPACE = CALL_LETTERS.length * CALL_DIGITS.length * CALL_DIGITS.length;
export const ORDER_CODE_PATTERN = new RegExp(`^[${CALL_LETTERS}][${CALL_DIGITS}]{2}$`);

/** The code at `index` (0 … ORDER_CODE_SPACE − 1): A33, A34, …, Y99. */
export function orderCodeAt(index: number): string {
  const digits = CALL_DIGITS.length;
  return `${CALL_LETTERS[Math.floor(index / (digits * digits))]}${CALL_DIGITS[Math.floor(index / digits) % digits]}${CALL_DIGITS[index % digits]}`;
}

/** Where `code` is in the space; null for anything that is not a code. */
export function orderCodeIndex(code: string): number | null {
  if (!ORDER_CODE_PATTERN.test(code)) return null;
  const digits = CALL_DIGITS.length;
  return CALL_LETTERS.indexOf(code[0]!) * digits * digits + CALL_DIGITS.indexOf(code[1]!) * digits + CALL_DIGITS.indexOf(code[2]!);
}

/**
 * The code of an order placed before the hub gave codes: taken from its id, so every reader shows the same one
 * (docs/decisions/234). Two such orders can share it; a new order never does (docs/decisions/234).
 */
export function orderCallCode(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const letter = CALL_LETTERS[hash % CALL_LETTERS.length];
  const tens = CALL_DIGITS[Math.floor(hash / CALL_LETTERS.length) % CALL_DIGITS.length];
  const ones = CALL_DIGITS[Math.floor(hash / (CALL_LETTERS.length * CALL_DIGITS.length)) % CALL_DIGITS.length];
  return `${letter}${tens}${ones}`;
}
