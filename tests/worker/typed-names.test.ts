// One rule for every name a person types (docs/decisions/228): a table member's, a guest's, a staff member's, a
// venue's, a drink's and a table's label are refused with the reason when they are not names, through every route
// that takes one; a name in another script, with accents or an emoji stays a name, kept in NFC.
import { describe, expect, it } from 'vitest';
import {
  NAME_CONTROL_MESSAGE, NAME_DIRECTION_MESSAGE, NAME_INVISIBLE_MESSAGE, NAME_MARKS_MESSAGE, typedName,
} from '../../shared/schemas/typed-name';
import { MemberName } from '../../shared/schemas/tables';
import { z } from 'zod';
import { call, expectApiError } from './helpers';
import { guestToken, staffToken, venueId } from './order-helpers';

const SLUG = 'artisan-bar';

/** Texts that were taken as names, and why each is not one. */
const NOT_NAMES: [string, string][] = [
  ['A\nB\u0000C\u0007', NAME_CONTROL_MESSAGE],
  ['\u202Eevil\u202C Bob', NAME_DIRECTION_MESSAGE],
  ['\u200B\u200B\u200B', NAME_INVISIBLE_MESSAGE],
  [`a${'\u0301'.repeat(39)}`, NAME_MARKS_MESSAGE],
  ['Ann\u2028Bea', NAME_CONTROL_MESSAGE],
  ['Bob\u2066x\u2069', NAME_DIRECTION_MESSAGE],
];

const reasonsOf = (res: { status: number; json: unknown }) =>
  (expectApiError(res, 400).details as { path: string; message: string }[]).map((d) => d.message);

describe('names that are not names are refused with the reason', () => {
  it("a table member's name (POST /api/tables/sessions and /join)", async () => {
    const guest = await guestToken();
    for (const [name, reason] of NOT_NAMES) {
      expect(reasonsOf(await call('POST', '/api/tables/sessions', { token: guest.token, body: { slug: SLUG, table: '8', name } })), JSON.stringify(name)).toContain(reason);
      expect(reasonsOf(await call('POST', '/api/tables/sessions/join', { token: guest.token, body: { slug: SLUG, code: 'ABCD', name } })), JSON.stringify(name)).toContain(reason);
    }
  });

  it("a guest's display name, a staff member's, a venue's, a drink's and a table's label", async () => {
    const admin = await staffToken('admin@barhop.dev');
    const superAdmin = await staffToken('superadmin@barhop.dev');
    const venue = await venueId(SLUG);
    const guest = await guestToken(`g-${crypto.randomUUID()}`);
    for (const [name, reason] of NOT_NAMES) {
      const label = JSON.stringify(name);
      expect(reasonsOf(await call('PATCH', '/api/me', { token: guest.token, body: { display_name: name } })), label).toContain(reason);
      expect(reasonsOf(await call('POST', `/api/super/venues/${venue}/staff`, { token: superAdmin, body: { email: 'new-staff@barhop.dev', display_name: name, role: 'staff' } })), label).toContain(reason);
      expect(reasonsOf(await call('POST', '/api/admin/team', { token: admin, body: { email: 'new-staff@barhop.dev', display_name: name, role: 'staff' } })), label).toContain(reason);
      expect(reasonsOf(await call('PATCH', '/api/admin/venue', { token: admin, body: { name } })), label).toContain(reason);
      expect(reasonsOf(await call('POST', '/api/admin/menu-drinks', { token: admin, body: { name, price_cents: 900, category: 'cocktails' } })), label).toContain(reason);
      expect(reasonsOf(await call('PUT', '/api/admin/tables', { token: admin, body: { tables: [{ number: '1', name }] } })), label).toContain(reason);
    }
  });
});

describe('names in any script stay names', () => {
  it('accents, other scripts, an emoji family and a Vietnamese letter are accepted, in NFC', () => {
    for (const name of ['Zoë', 'Nguyễn', 'Ἀθηνᾶ', 'محمد', 'दीपिका', '李小龙', 'O\u2019Brien', '👨\u200D👩\u200D👧 Kim', 'Jo\u00ADsé']) {
      expect(MemberName.safeParse(name).success, name).toBe(true);
    }
    // e + combining acute becomes é: kept as the person typed it, in the one form the rest of the platform compares.
    expect(MemberName.parse('Rene\u0301e')).toBe('Ren\u00E9e');
    expect(typedName(z.string()).parse('Zoe\u0308')).toBe('Zo\u00EB');
  });
});
