import { type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures';

/**
 * The owner's choice for the Rooftop Lounge (docs/decisions/241): a solo order paid first by card, or at the bar,
 * through the venue profile's API. The seed has it pay first.
 */
export async function rooftopPaysFirst(request: APIRequestContext, on: boolean) {
  const login = await request.post('/api/auth/login', { data: { email: 'admin2@barhop.dev', password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const res = await request.patch('/api/admin/venue', { headers: { Authorization: `Bearer ${(await login.json()).access_token as string}` }, data: { pay_first: on } });
  expect(res.ok(), await res.text()).toBe(true);
}
