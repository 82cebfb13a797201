import { type APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A guest signed in by phone at `slug` (demo mode shows the code): signed-in guests never count against the venue's
 * ceiling on first orders from new devices (docs/api.md, docs/decisions/167), so a spec passes however many specs
 * placed first orders before it. A number of its own each run: one active order per guest.
 */
export async function signedInGuest(request: APIRequestContext, slug: string): Promise<string> {
  const session = await (await request.post('/api/auth/guest-session', { data: { slug } })).json();
  const device = { Authorization: `Bearer ${session.token as string}` };
  const phone = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const sent = await request.post('/api/auth/otp/send', { headers: device, data: { phone } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post('/api/auth/otp/verify', { headers: device, data: { phone, code: (await sent.json()).demo_code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return (await verified.json()).token as string;
}
