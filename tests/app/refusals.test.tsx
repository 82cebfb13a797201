// Refusals in the guest's language (docs/decisions/256): the server answers a refusal's code and data, and the app
// says its registry template in the reader's language, money in the reader's format; English is the server's words.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import VenueLayout from '../../app/features/guest/venue/VenueLayout';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { installAuth } from '../../app/features/auth/install';
import TableScreens from '../../app/features/tables/TableScreens';
import { activateLocale, refusalText } from '../../app/i18n/i18n';
import { placeholdersOf, REFUSAL_MESSAGES } from '../../shared/refusal-messages';
import { REFUSAL_DATA, refusalDetails, refusalMessage } from '../../shared/refusals';
import { DRINKS, fakeGuestToken, guestSessionReply, VENUE } from './guest-fixtures';
import { ANA, BEN, CAL, round, SESSION_ID, tabLine, tableState, view } from './guest-table-fixtures';
import { catalogs } from './po-catalogs';
import { mockApi, renderRoutes } from './render';

const routes = [{ path: '/venue/:slug', element: <VenueLayout />, children: [{ path: 'table/*', element: <TableScreens /> }] }];
const SESSION_PATH = `/api/tables/sessions/${SESSION_ID}`;
/** '23,50 US$' as Intl writes it in Spanish, its no-break space read as a space (as the text matcher reads the page). */
const spanishMoney = (cents: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(cents / 100).replace(/\s/g, ' ');

/** The error answer the Worker builds for a registry refusal (worker/lib/errors.ts). */
const answer = <I extends keyof typeof REFUSAL_DATA>(status: number, id: I, data: Record<string, unknown>) => ({
  status,
  body: { error: { code: id.split('.')[0], message: refusalMessage(id, data as never), details: refusalDetails(id, data as never) } },
});

describe('the refusal registry', () => {
  it('has every template in the es, fr and de catalogs, with the same placeholders', () => {
    for (const [name, catalog] of Object.entries(catalogs)) {
      for (const template of Object.values(REFUSAL_MESSAGES)) {
        expect(catalog[template], `${name}: ${template}`).toBeTruthy();
        expect(placeholdersOf(catalog[template]!).sort(), `${name}: ${template}`).toEqual(placeholdersOf(template).sort());
      }
    }
  });
  it("names in each refusal's data every placeholder of its template", () => {
    for (const [id, template] of Object.entries(REFUSAL_MESSAGES)) {
      const fields = Object.keys(REFUSAL_DATA[id as keyof typeof REFUSAL_DATA].shape);
      for (const name of placeholdersOf(template)) expect(fields, `${id}: {${name}}`).toContain(name);
    }
  });
  it('answers a variant under its code, naming the variant in details; money in English as the Worker writes it', () => {
    expect(refusalDetails('tab_closed.merged', { table: '4' })).toEqual({ table: '4', refusal: 'tab_closed.merged' });
    expect(refusalDetails('line_claimed', { claimed_by: 'Ana', claimed_by_member_id: 'm1' })).toEqual({ claimed_by: 'Ana', claimed_by_member_id: 'm1' });
    expect(refusalMessage('amount_over_owed', { owed_cents: 2350 })).toBe('That is more than the $23.50 still owed');
  });
});

describe('order refusals, read in Spanish', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('the first-order ceiling says when to try again; a full queue says to order again soon', async () => {
    await activateLocale('es');
    const ceiling = answer(429, 'rate_limited.first_orders', { retry_after: 200, minutes: 4 }).body.error;
    expect(ceiling.message).toBe('This bar is taking a lot of orders from new devices right now. Sign in with your phone number to order, or try again in 4 min.');
    expect(refusalText(ceiling.code, ceiling.message, ceiling.details))
      .toBe('Este bar está recibiendo muchos pedidos de teléfonos nuevos ahora mismo. Inicia sesión con tu número de teléfono para pedir, o inténtalo de nuevo en 4 min.');
    const full = answer(503, 'queue_full', { retry_after: 120 }).body.error;
    expect(refusalText(full.code, full.message, full.details)).toBe('El bar tiene demasiados pedidos abiertos ahora mismo. Vuelve a pedir en unos minutos.');
    const changed = answer(409, 'cart_changed', {}).body.error;
    expect(refusalText(changed.code, changed.message, changed.details)).toBe('Tu carrito cambió mientras pagabas: no se cobró nada. Vuelve a pagar.');
    const phone = answer(400, 'phone_invalid', {}).body.error;
    expect(refusalText(phone.code, phone.message, phone.details)).toBe('Introduce un número de teléfono válido');
  });
});

describe('a refusal on the split screen, read in Spanish', () => {
  const lines = [
    tabLine(1, ANA, 'Negroni', 1400, 2, { claimed_by_member_id: ANA.id, claimed_by_name: 'Ana', claim_share_id: null }),
    tabLine(3, CAL, 'Aperol Spritz', 1250, 1),
  ];
  const billing = tableState({
    status: 'billing', members: [ANA, BEN, CAL], rounds: [round(1, 'delivered', lines)],
    tab: { subtotal_cents: 4050, tax_cents: 354, service_charge_bp: 1000, service_charge_cents: 405, total_cents: 4809, shared_cents: 0, owed_cents: 4809, paid_cents: 0, tips_cents: 0, received_cents: 0, unpaid_cents: 4809 },
  });

  beforeAll(async () => {
    await Promise.all([import('../../app/features/tables/TableFrame'), import('../../app/features/tables/SplitBillPage')]);
  });
  beforeEach(async () => {
    installAuth();
    localStorage.setItem('barhop.guest_token', fakeGuestToken(null));
    localStorage.setItem('barhop.table-session.artisan-bar', SESSION_ID);
    resetGuestSessionForTests();
    await activateLocale('es');
  });
  afterEach(async () => {
    localStorage.clear();
    await activateLocale('en');
  });

  it('says a line another member claimed, and a share over what is owed, in Spanish with Spanish money', async () => {
    mockApi({
      'GET /api/venues/artisan-bar': { body: { venue: VENUE } },
      'GET /api/venues/artisan-bar/drinks': { body: { drinks: DRINKS } },
      'POST /api/auth/guest-session': guestSessionReply(null),
      'GET /api/orders/active': { body: { order: null } },
      [`GET ${SESSION_PATH}`]: { body: view(billing, BEN.id) },
      [`POST ${SESSION_PATH}/claims`]: answer(409, 'line_claimed', { claimed_by: 'Cal', claimed_by_member_id: CAL.id }),
      [`POST ${SESSION_PATH}/shares`]: answer(400, 'amount_over_owed', { owed_cents: 2350 }),
    });
    renderRoutes(routes, '/venue/artisan-bar/table/split');
    const tabLines = await screen.findByRole('list', { name: 'Líneas de la cuenta' });
    fireEvent.click(within(tabLines).getByRole('button', { name: /1 × Aperol Spritz/ }));
    expect(await screen.findByText('Cal ya ha reclamado esta línea')).toBeTruthy();
    expect(screen.queryByText('Cal already claimed this line')).toBeNull();

    fireEvent.click(within(screen.getByRole('group', { name: 'Cómo pagas' })).getByRole('button', { name: 'Otro importe' }));
    fireEvent.change(screen.getByLabelText('Importe'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: /^Tomar mi parte/ }));
    expect(await screen.findByText(`Eso es más que los ${spanishMoney(2350)} que aún se deben`)).toBeTruthy();
  });
});
