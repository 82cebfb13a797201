// A table's QR token (docs/decisions/237): proof that the phone scanned the code on the table. An HMAC-SHA-256 of the
// venue, the table and the table's token version under the Worker's secret, cut to 96 bits (16 base64url
// characters: short enough for a QR link). A new code for the table bumps the version, so every printed code of it
// stops working; nothing else is stored.
import { secretKey } from '../auth';
import type { WorkerEnv } from '../env';

const TOKEN_BYTES = 12;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Which table a token is for: the venue's id, the table's number and its current token version. */
export type TokenTable = { venueId: string; number: string; tokenVersion: number };

export async function tableToken(env: WorkerEnv, table: TokenTable): Promise<string> {
  // A label of its own: no other value the Worker keys with its secret starts so (worker/auth/tokens.ts).
  const message = new TextEncoder().encode(`barhop-table-token\u0000${table.venueId}\u0000${table.number}\u0000${table.tokenVersion}`);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await secretKey(env), message));
  return base64url(mac.slice(0, TOKEN_BYTES));
}

/** Whether `token` is this table's current one; compared in time that does not depend on where they differ. */
export async function isTableToken(env: WorkerEnv, table: TokenTable, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const expected = await tableToken(env, table);
  if (token.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}
