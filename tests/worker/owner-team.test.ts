// An owner's first day (docs/product.md §11.5-§11.7, §3.2): the admin's own team and its tenancy, the one-time invite link,
// an audit log in words with before/after and reason, one tax limit (docs/decisions/191-193).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditLogPage, type AuditEntry } from '../../shared/schemas/audit';
import { SetupChecklist } from '../../shared/schemas/setup';
import { TeamInviteResult, TeamList, TeamMemberResponse, TeamResetResult } from '../../shared/schemas/team';
import { DEMO_EMAILS, mintToken, userRow, venueId } from './auth-helpers';
import { call, expectApiError } from './helpers';
import { availableDrinks, guestToken } from './order-helpers';

let admin: string;
let admin2: string;
let staff: string;
let superadmin: string;
let artisan: string;

beforeAll(async () => {
  [admin, admin2, staff, superadmin] = await Promise.all([
    mintToken(DEMO_EMAILS.admin), mintToken(DEMO_EMAILS.admin2), mintToken(DEMO_EMAILS.staff), mintToken(DEMO_EMAILS.superadmin),
  ]);
  artisan = await venueId('artisan-bar');
});

const adminLog = async (token: string, action: string) =>
  AuditLogPage.parse((await call('GET', `/api/admin/audit-log?action=${action}`, { token })).json).entries;
const superLog = async (action: string) => AuditLogPage.parse((await call('GET', `/api/super/audit-log?action=${action}`, { token: superadmin })).json).entries;

describe("an admin's own team", () => {
  it('invites a bartender with a one-time link that signs them in once, lists and audits it', async () => {
    const invited = await call('POST', '/api/admin/team', { token: admin, body: { email: 'New.Bartender@Example.com', display_name: 'Nia', role: 'staff' } });
    expect(invited.status, invited.text).toBe(201);
    const { member, invite_path } = TeamInviteResult.parse(invited.json);
    expect(member).toMatchObject({ email: 'new.bartender@example.com', role: 'staff', restaurant_id: artisan, invite_pending: true, disabled: false });
    expect(invite_path).toMatch(/^\/invite\/[A-Za-z0-9_-]{40,}$/);
    const token = invite_path!.slice('/invite/'.length);

    const team = TeamList.parse((await call('GET', '/api/admin/team', { token: admin })).json).team;
    expect(team.find((m) => m.id === member.id)?.invite_pending).toBe(true);
    expect(team.every((m) => m.restaurant_id === artisan)).toBe(true);

    expect((await call('GET', `/api/auth/invites/${token}`)).json).toEqual({ email: 'new.bartender@example.com', display_name: 'Nia', venue_name: 'The Artisan Bar', role: 'staff' });
    expectApiError(await call('POST', `/api/auth/invites/${token}/accept`, { body: { password: 'short' } }), 400);
    const accepted = await call('POST', `/api/auth/invites/${token}/accept`, { body: { password: 'a-long-new-password' } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.user).toMatchObject({ email: 'new.bartender@example.com', role: 'staff', restaurant_id: artisan });
    expect((await call('GET', '/api/staff/queue', { token: accepted.json.access_token })).status).toBe(200);
    // Used once: the link is gone, and the password works.
    expect(expectApiError(await call('POST', `/api/auth/invites/${token}/accept`, { body: { password: 'another-password-1' } }), 404).message)
      .toBe('This link was already used or has expired. Ask your venue admin for a new one.');
    expect((await call('POST', '/api/auth/login', { body: { email: 'new.bartender@example.com', password: 'a-long-new-password' } })).status).toBe(200);

    const [entry] = (await adminLog(admin, 'account.create')).filter((e) => e.target_id === member.id);
    expect(entry).toMatchObject({ summary: 'Invited new.bartender@example.com as staff with a one-time link', before: null, after: { email: 'new.bartender@example.com', role: 'staff' } });
  });

  it('sets a role, disables (ending every session) and resets; each change audited with before and after', async () => {
    const { member } = TeamInviteResult.parse((await call('POST', '/api/admin/team', {
      token: admin, body: { email: 'second@example.com', role: 'staff', password: 'first-password-1' },
    })).json);
    const session = await call('POST', '/api/auth/login', { body: { email: 'second@example.com', password: 'first-password-1' } });
    const bartender = session.json.access_token as string;
    expect((await call('GET', '/api/staff/queue', { token: bartender })).status).toBe(200);

    const promoted = TeamMemberResponse.parse((await call('PATCH', `/api/admin/team/${member.id}`, { token: admin, body: { role: 'admin' } })).json);
    expect(promoted.member.role).toBe('admin');
    const disabled = await call('PATCH', `/api/admin/team/${member.id}`, { token: admin, body: { disabled: true } });
    expect(disabled.json.member.disabled).toBe(true);
    expectApiError(await call('GET', '/api/staff/queue', { token: bartender }), 401);
    expectApiError(await call('POST', '/api/auth/login', { body: { email: 'second@example.com', password: 'first-password-1' } }), 401);
    await call('PATCH', `/api/admin/team/${member.id}`, { token: admin, body: { disabled: false } });
    const reset = TeamResetResult.parse((await call('POST', `/api/admin/team/${member.id}/reset`, { token: admin, body: {} })).json);
    expect(reset).toMatchObject({ sessions_revoked: true, member: { invite_pending: true } });
    expect(reset.invite_path).toMatch(/^\/invite\//);

    const byAction = async (action: string) => (await adminLog(admin, action)).find((e) => e.target_id === member.id)!;
    expect(await byAction('account.role_change')).toMatchObject({ summary: 'Changed second@example.com from staff to admin', before: { role: 'staff' }, after: { role: 'admin' } });
    expect(await byAction('account.disable')).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(await byAction('account.enable')).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
    expect((await byAction('account.reset_password')).after).toMatchObject({ signed_in_sessions: 'ended', sign_in: 'one-time link' });
  });

  it("nothing crosses venues: another venue's admin cannot see, change, disable or reset this venue's staff", async () => {
    const staffRow = await userRow(DEMO_EMAILS.staff);
    const own = TeamList.parse((await call('GET', '/api/admin/team', { token: admin2 })).json).team;
    expect(own.some((m) => m.id === staffRow.id)).toBe(false);
    expect(own.length).toBeGreaterThan(0);
    for (const [method, path, body] of [
      ['PATCH', `/api/admin/team/${staffRow.id}`, { disabled: true }],
      ['PATCH', `/api/admin/team/${staffRow.id}`, { role: 'admin' }],
      ['POST', `/api/admin/team/${staffRow.id}/reset`, {}],
    ] as const) {
      expect(expectApiError(await call(method, path, { token: admin2, body }), 404).message).toBe('Team member not found');
    }
    // A venue cannot be chosen in the body either: an unknown field is refused, never applied.
    expectApiError(await call('PATCH', `/api/admin/team/${staffRow.id}`, { token: admin, body: { restaurant_id: 'x' } }), 400);
    // A super admin account is never a team member.
    const superRow = await userRow(DEMO_EMAILS.superadmin);
    expectApiError(await call('PATCH', `/api/admin/team/${superRow.id}`, { token: admin, body: { disabled: true } }), 404);
    const row = await env.DB.prepare('SELECT role, disabled_at FROM users WHERE id = ?').bind(staffRow.id).first();
    expect(row).toEqual({ role: 'staff', disabled_at: null });
    // Staff cannot manage the team; an admin cannot lock themselves out.
    expectApiError(await call('GET', '/api/admin/team', { token: staff }), 403);
    expectApiError(await call('POST', '/api/admin/team', { token: staff, body: { email: 'x@example.com', role: 'staff' } }), 403);
    const self = await userRow(DEMO_EMAILS.admin);
    expect(expectApiError(await call('PATCH', `/api/admin/team/${self.id}`, { token: admin, body: { disabled: true } }), 400).message).toBe('You cannot disable your own account');
  });

  it('refuses a taken email with 409 and a bad one with the field named', async () => {
    expect(expectApiError(await call('POST', '/api/admin/team', { token: admin, body: { email: DEMO_EMAILS.staff2, role: 'staff' } }), 409).code).toBe('email_taken');
    const bad = expectApiError(await call('POST', '/api/admin/team', { token: admin, body: { email: 'not-an-email', role: 'staff' } }), 400);
    expect(JSON.stringify(bad.details)).toContain('Enter a valid email');
  });
});

describe('the audit log in words', () => {
  const noRawRows = (entries: AuditEntry[]) => {
    for (const e of entries) {
      expect(e.action).not.toBe('request');
      expect(e.summary).toBeTruthy();
      expect(e.summary).not.toMatch(/^(PUT|POST|PATCH|DELETE) /);
    }
  };

  it('a status change and a cancel: who, from and to, and the reason', async () => {
    const guest = await guestToken();
    const [drink] = await availableDrinks('artisan-bar');
    const placed = await call('POST', '/api/orders/quick', { token: guest.token, body: { slug: 'artisan-bar', item: { menu_drink_id: drink!.id } } });
    const id = placed.json.id as string;
    expect((await call('PUT', `/api/staff/orders/${id}/status`, { token: staff, body: { status: 'preparing' } })).status).toBe(200);
    expect((await call('PUT', `/api/admin/orders/${id}/status`, { token: admin, body: { status: 'cancelled', reason: 'Guest left' } })).status).toBe(200);

    const moved = (await adminLog(admin, 'order.status')).find((e) => e.target_id === id)!;
    expect(moved).toMatchObject({ actor_email: DEMO_EMAILS.staff, before: { status: 'pending' }, after: { status: 'preparing' } });
    expect(moved.summary).toMatch(/from Received to Making$/);
    const cancelled = (await adminLog(admin, 'order.cancel')).find((e) => e.target_id === id)!;
    expect(cancelled).toMatchObject({ actor_email: DEMO_EMAILS.admin, reason: 'Guest left', before: { status: 'preparing' }, after: { status: 'cancelled' } });
    noRawRows([moved, cancelled]);
  });

  it('a stock receipt: the amount on hand before and after, and the reason', async () => {
    const item = (await call('GET', '/api/staff/inventory', { token: staff })).json.inventory[0];
    const res = await call('POST', `/api/staff/inventory/${item.id}/movements`, { token: staff, body: { type: 'receive', quantity_ml: 700, reason: 'Delivery from Harlow & Co' } });
    expect(res.status, res.text).toBe(201);
    const entry = (await adminLog(admin, 'stock.receive')).find((e) => e.target_id === item.id)!;
    expect(entry).toMatchObject({
      reason: 'Delivery from Harlow & Co', summary: `Received 700 ml of ${item.ingredient_name}`,
      before: { on_hand_ml: item.on_hand_ml }, after: { on_hand_ml: res.json.item.on_hand_ml },
    });
    noRawRows([entry]);
  });

  it('the AI prompt and flavour rules: created, edited and deleted with before and after', async () => {
    const prompt = (await call('GET', '/api/ai/global-prompt', { token: superadmin })).json;
    expect((await call('POST', '/api/ai/global-prompt', { token: superadmin, body: { ...prompt, system_prompt: 'Be brief.' } })).status).toBe(200);
    const promptEntry = (await superLog('ai_prompt.update'))[0]!;
    expect(promptEntry).toMatchObject({ summary: 'Edited the AI bartender prompt', before: { system_prompt: prompt.system_prompt }, after: { system_prompt: 'Be brief.' } });

    const rule = { rule_name: 'owner_day_rule', base_profile: { flavor_tags: ['Citrus'] }, adjustment_logic: { boost_factors: { Citrus: 1.2 }, reduce_factors: {} }, garnish_suggestions: ['Lime'], notes: '' };
    const created = await call('POST', '/api/ai/flavor-rules', { token: superadmin, body: rule });
    const id = created.json.rule.id as string;
    await call('PUT', `/api/ai/flavor-rules/${id}`, { token: superadmin, body: { ...rule, adjustment_logic: { boost_factors: { Citrus: 1.5 }, reduce_factors: {} } } });
    await call('DELETE', `/api/ai/flavor-rules/${id}`, { token: superadmin });
    const entries = [...await superLog('flavor_rule.create'), ...await superLog('flavor_rule.update'), ...await superLog('flavor_rule.delete')].filter((e) => e.target_id === id);
    expect(entries.map((e) => e.action).sort()).toEqual(['flavor_rule.create', 'flavor_rule.delete', 'flavor_rule.update']);
    expect(entries.find((e) => e.action === 'flavor_rule.update')).toMatchObject({
      summary: 'Edited flavour rule owner_day_rule',
      before: { adjustment_logic: { boost_factors: { Citrus: 1.2 } } }, after: { adjustment_logic: { boost_factors: { Citrus: 1.5 } } },
    });
    expect(entries.find((e) => e.action === 'flavor_rule.delete')).toMatchObject({ before: { rule_name: 'owner_day_rule' }, after: null });
    noRawRows([promptEntry, ...entries]);
  });
});

describe('one tax limit', () => {
  it('a super admin creating or editing a venue at 35 % is refused with the message an admin gets', async () => {
    const created = expectApiError(await call('POST', '/api/super/venues', { token: superadmin, body: { name: 'Taxing Bar', slug: 'taxing-bar', tax_rate_bp: 3500 } }), 400);
    const edited = expectApiError(await call('PUT', `/api/super/venues/${artisan}`, { token: superadmin, body: { tax_rate_bp: 3500 } }), 400);
    const profile = expectApiError(await call('PATCH', '/api/admin/venue', { token: admin, body: { tax_rate_bp: 3500 } }), 400);
    for (const refusal of [created, edited, profile]) expect(JSON.stringify(refusal.details)).toContain('Tax rate is between 0 and 30%');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM venues WHERE slug = 'taxing-bar'").first('n')).toBe(0);
    expect((await call('POST', '/api/super/venues', { token: superadmin, body: { name: 'Taxing Bar', slug: 'taxing-bar', tax_rate_bp: 3000 } })).status).toBe(201);
  });
});

describe("the SMS hook speaks Twilio's Messages API", () => {
  it('a form-encoded POST to /2010-04-01/Accounts/{sid}/Messages.json with basic auth; an MG… sender is a Messaging Service', async () => {
    const { twilioMessageRequest } = await import('../../worker/auth/sms');
    const sid = `AC${'a'.repeat(32)}`;
    const fromNumber = twilioMessageRequest({ SMS_ACCOUNT_SID: sid, SMS_API_KEY: 'secret', SMS_FROM: '+15550001111' }, { to: '+15552010008', body: 'Your code is 123456' });
    expect(fromNumber.method).toBe('POST');
    expect(fromNumber.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(fromNumber.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(fromNumber.headers.get('Authorization')).toBe(`Basic ${btoa(`${sid}:secret`)}`);
    expect(Object.fromEntries(await fromNumber.formData())).toEqual({ To: '+15552010008', Body: 'Your code is 123456', From: '+15550001111' });

    const service = `MG${'b'.repeat(32)}`;
    const viaService = twilioMessageRequest({ SMS_ACCOUNT_SID: sid, SMS_API_KEY: 'secret', SMS_FROM: service, SMS_PROVIDER_URL: 'https://twilio.example.test/' }, { to: '+15552010008', body: 'x' });
    expect(viaService.url).toBe(`https://twilio.example.test/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(Object.fromEntries(await viaService.formData())).toEqual({ To: '+15552010008', Body: 'x', MessagingServiceSid: service });
  });
});

describe("a new venue's setup checklist", () => {
  it('ticks each step from the venue data: profile, menu, inventory, team, tables and QR, go live', async () => {
    const created = await call('POST', '/api/super/venues', { token: superadmin, body: { name: 'Checklist Bar', slug: 'checklist-bar' } });
    const venue = created.json.venue.id as string;
    await call('POST', `/api/super/venues/${venue}/staff`, { token: superadmin, body: { email: 'owner@checklist.example', role: 'admin', password: 'owner-password-1' } });
    const owner = await mintToken('owner@checklist.example');
    const checklist = async () => SetupChecklist.parse((await call('GET', '/api/admin/setup', { token: owner })).json);

    const fresh = await checklist();
    expect(fresh.steps.map((s) => [s.id, s.done])).toEqual([['profile', false], ['menu', false], ['inventory', false], ['team', false], ['tables', false], ['live', false]]);
    expect(fresh.steps[0]!.detail).toBe('Missing: description, address, opening hours');
    expect(fresh.steps[5]!.detail).toBe('Open to guests; no order yet');
    expect(fresh.complete).toBe(false);

    await call('PATCH', '/api/admin/venue', { token: owner, body: { description: 'Cocktails by the river', address: '1 Quay St', opening_hours: 'Tue–Sun 17:00–01:00' } });
    await call('POST', '/api/admin/team', { token: owner, body: { email: 'first-hire@checklist.example', role: 'staff' } });
    const after = await checklist();
    expect(after.steps.find((s) => s.id === 'profile')).toMatchObject({ done: true });
    expect(after.steps.find((s) => s.id === 'team')).toMatchObject({ done: true, detail: '1 person besides you' });
    expect(after.steps.find((s) => s.id === 'menu')!.done).toBe(false);

    // Another venue's data never ticks this one's steps, and staff cannot read it.
    const seeded = SetupChecklist.parse((await call('GET', '/api/admin/setup', { token: admin })).json);
    expect(seeded.steps.find((s) => s.id === 'menu')!.done).toBe(true);
    expectApiError(await call('GET', '/api/admin/setup', { token: staff }), 403);
  });
});
