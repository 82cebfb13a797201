// The admin's Translations screen (docs/decisions/217): one language at a time, the drinks guests see untranslated,
// saving the admin's words (refusals next to their field), approving a draft, and "Draft with AI" only where Workers
// AI runs (here, the screen says why not).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TranslationsPage from '../../app/features/admin/translations/TranslationsPage';
import { ADMIN_NAV } from '../../app/features/admin/AdminShell';
import { AI_DRAFTS_LOCAL_NOTE, type AdminTranslations } from '../../shared/schemas/translations';
import { mockApi, renderPage } from './render';

const translation = (id: string, name: string, description: string, status: 'approved' | 'draft', source: 'admin' | 'ai' = 'admin') =>
  ({ menu_drink_id: id, language: 'es' as const, name, description, status, source, updated_at: '2026-11-28T00:00:00.000Z' });

const list = (over: Partial<AdminTranslations> = {}): AdminTranslations => ({
  language: 'es',
  default_language: 'en',
  venue: { description: 'Candle-lit cocktails', translation: null },
  drinks: [
    { id: 'd1', name: 'Corpse Reviver No. 2', description: 'Gin, Lillet and absinthe', category: 'cocktail', translation: null, state: 'missing' },
    { id: 'd2', name: 'Negroni', description: 'Gin, Campari and vermouth', category: 'cocktail', translation: translation('d2', 'Negroni', 'Ginebra, Campari y vermut', 'approved'), state: 'translated' },
    { id: 'd3', name: 'Last Word', description: 'Gin, Chartreuse and lime', category: 'cocktail', translation: translation('d3', 'La última palabra', 'Ginebra, Chartreuse y lima', 'draft', 'ai'), state: 'draft' },
  ],
  untranslated: 2,
  ai_drafts: { available: false, note: AI_DRAFTS_LOCAL_NOTE },
  ...over,
});
const bodies = async (calls: Request[], method: string, path: string) =>
  Promise.all(calls.filter((c) => c.method === method && new URL(c.url).pathname === path).map((c) => c.clone().json()));

describe('admin Translations', () => {
  it('is in the admin navigation', () => {
    expect(ADMIN_NAV.find((e) => e.to === '/admin/translations')?.label).toBe('Translations');
  });

  it('shows what guests see untranslated, saves a translation and says locally why AI drafts are not made', async () => {
    const calls = mockApi({
      'GET /api/admin/translations': { body: list() },
      'PUT /api/admin/translations/d1/es': { body: { translation: translation('d1', 'Corpse Reviver n.º 2', 'Ginebra, Lillet y absenta', 'approved'), changed: true } },
    });
    renderPage(<TranslationsPage />);
    expect(await screen.findByText('2 of 3 drinks show in English to guests reading Spanish.')).toBeTruthy();
    expect(screen.getByText(AI_DRAFTS_LOCAL_NOTE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draft with AI' })).toBeNull();
    // The server picks the first language other than the menu's own until the admin picks one.
    expect(new URL(calls[0]!.url).searchParams.get('lang')).toBeNull();
    // The menu's own language is not offered.
    expect(within(screen.getByLabelText('Language')).queryByRole('option', { name: 'English' })).toBeNull();

    const corpse = screen.getByRole('form', { name: 'Corpse Reviver No. 2' });
    expect(within(corpse).getByText('Not translated')).toBeTruthy();
    fireEvent.change(within(corpse).getByLabelText('Name in Spanish'), { target: { value: 'Corpse Reviver n.º 2' } });
    fireEvent.change(within(corpse).getByLabelText('Description in Spanish'), { target: { value: 'Ginebra, Lillet y absenta' } });
    fireEvent.click(within(corpse).getByRole('button', { name: 'Save' }));
    await screen.findByText('Corpse Reviver No. 2: translation saved');
    expect(await bodies(calls, 'PUT', '/api/admin/translations/d1/es')).toEqual([{ name: 'Corpse Reviver n.º 2', description: 'Ginebra, Lillet y absenta' }]);

    // An approved translation, unchanged, has nothing to save.
    const negroni = screen.getByRole('form', { name: 'Negroni' });
    expect((within(negroni).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves the venue's description in the language shown, and removes it only once confirmed (docs/decisions/265)", async () => {
    const calls = mockApi({
      'GET /api/admin/translations': { body: list() },
      'PUT /api/admin/translations/venue/es': { body: { translation: { description: 'Cócteles a la luz de las velas' }, changed: true } },
    });
    renderPage(<TranslationsPage />);
    const venue = await screen.findByRole('form', { name: 'Venue description' });
    expect(within(venue).getByText('Candle-lit cocktails')).toBeTruthy();
    expect(within(venue).getByText('Not translated')).toBeTruthy();
    fireEvent.change(within(venue).getByLabelText('Description in Spanish'), { target: { value: 'Cócteles a la luz de las velas' } });
    fireEvent.click(within(venue).getByRole('button', { name: 'Save' }));
    await screen.findByText('Venue description saved in Spanish');
    expect(await bodies(calls, 'PUT', '/api/admin/translations/venue/es')).toEqual([{ description: 'Cócteles a la luz de las velas' }]);
  });

  it('asks before removing the venue description in a language', async () => {
    const calls = mockApi({
      'GET /api/admin/translations': { body: list({ venue: { description: 'Candle-lit cocktails', translation: { description: 'Cócteles a la luz de las velas' } } }) },
      'DELETE /api/admin/translations/venue/es': { body: { success: true } },
    });
    renderPage(<TranslationsPage />);
    const venue = await screen.findByRole('form', { name: 'Venue description' });
    fireEvent.click(within(venue).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Spanish description?' });
    expect(within(dialog).getByText("Guests reading Spanish read the venue's own description again.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Venue description in Spanish removed');
    expect(calls.some((c) => c.method === 'DELETE' && new URL(c.url).pathname === '/api/admin/translations/venue/es')).toBe(true);
  });

  it('shows the server\'s refusal next to its field', async () => {
    mockApi({
      'GET /api/admin/translations': { body: list() },
      'PUT /api/admin/translations/d1/es': { status: 400, body: { error: { code: 'invalid_request', message: 'Invalid request', details: [{ path: 'name', message: 'Name is required' }] } } },
    });
    renderPage(<TranslationsPage />);
    const corpse = await screen.findByRole('form', { name: 'Corpse Reviver No. 2' });
    fireEvent.change(within(corpse).getByLabelText('Description in Spanish'), { target: { value: 'Solo descripción' } });
    fireEvent.click(within(corpse).getByRole('button', { name: 'Save' }));
    const error = await within(corpse).findByText('Name is required');
    expect(within(corpse).getByLabelText('Name in Spanish').getAttribute('aria-describedby')).toBe(error.id);
  });

  it('approves an AI draft, filters to what is left, and drafts with AI where Workers AI runs', async () => {
    const calls = mockApi({
      'GET /api/admin/translations': { body: list({ ai_drafts: { available: true, note: null } }) },
      'POST /api/admin/translations/d3/es/approve': { body: { translation: translation('d3', 'La última palabra', 'Ginebra, Chartreuse y lima', 'approved', 'ai'), changed: true } },
      'POST /api/admin/translations/ai-drafts': { body: { drafted: 1, remaining: 0 } },
    });
    renderPage(<TranslationsPage />);
    const lastWord = await screen.findByRole('form', { name: 'Last Word' });
    expect(within(lastWord).getByText('Draft: not shown to guests')).toBeTruthy();
    expect(within(lastWord).getByText('AI draft')).toBeTruthy();
    fireEvent.click(within(lastWord).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Last Word: translation approved');
    expect(calls.some((c) => c.method === 'POST' && new URL(c.url).pathname === '/api/admin/translations/d3/es/approve')).toBe(true);

    fireEvent.click(screen.getByLabelText('Only drinks guests see untranslated'));
    expect(screen.queryByRole('form', { name: 'Negroni' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Corpse Reviver No. 2' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Draft with AI' }));
    await screen.findByText('1 draft ready to review');
    expect(await bodies(calls, 'POST', '/api/admin/translations/ai-drafts')).toEqual([{ lang: 'es' }]);
  });

  it('reads another language when picked', async () => {
    const calls = mockApi({ 'GET /api/admin/translations': (req) => ({ body: list({ language: (new URL(req.url).searchParams.get('lang') ?? 'es') as 'fr', drinks: [], untranslated: 0 }) }) });
    renderPage(<TranslationsPage />);
    await screen.findByText('Every drink has an approved Spanish translation.');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    await screen.findByText('Every drink has an approved French translation.');
    await waitFor(() => expect(calls.map((c) => new URL(c.url).searchParams.get('lang'))).toContain('fr'));
  });
});
