import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import ChatPage from '../../app/features/guest/ai/ChatPage';
import VibeMixerPage from '../../app/features/guest/ai/VibeMixerPage';
import { activateLocale } from '../../app/i18n/i18n';
import { resetGuestSessionForTests } from '../../app/features/auth/guest-session';
import { fakeGuestToken, guestSessionReply, SUGGESTION, VENUE } from './guest-fixtures';
import { mockApi, renderRoutes } from './render';


/** Where sign-in was asked for, and what it was handed to add on return. */
function SignInStandIn() {
  const { state } = useLocation();
  return <><h1>Sign in page</h1><output>{JSON.stringify(state)}</output></>;
}

function renderAt(path: string, page: React.ReactElement, venue = VENUE) {
  return renderRoutes([{
    path: '/venue/:slug',
    element: <Outlet context={{ venue, liveConnected: false }} />,
    children: [{ path: 'vibe', element: page }, { path: 'ai', element: page }, { path: 'auth', element: <SignInStandIn /> }],
  }], path);
}

const baseReplies = {
  'POST /api/auth/guest-session': guestSessionReply(null),
  'GET /api/orders/active': { body: { order: null } },
};
const pick = (name: string) => screen.getByRole('button', { name });

describe('vibe mixer', () => {
  it('takes 2 to 3 picks, then mixes; Try Another keeps the picks and Reset clears them', async () => {
    const calls = mockApi({ ...baseReplies, 'POST /api/ai/vibe': { body: SUGGESTION } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />);
    fireEvent.click(pick('Gin'));
    expect(screen.queryByRole('button', { name: 'Mix My Vibe' })).toBeNull();
    fireEvent.click(pick('Herbal'));
    expect(screen.getByLabelText('Any last requests? (optional)')).toBeTruthy();
    fireEvent.click(pick('Light'));
    expect((pick('Vodka') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Any last requests? (optional)'), { target: { value: ' extra mint ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));

    const card = await screen.findByRole('article', { name: 'Suggestion: Garden Gin Smash' });
    expect(within(card).getByText('$18.00')).toBeTruthy();
    expect(within(card).getByText('eggs')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Order Now' })).toBeTruthy();
    const sent = calls.find((r) => r.url.endsWith('/api/ai/vibe'))!;
    expect(await sent.clone().json()).toEqual({ slug: 'artisan-bar', selectedCategories: ['Gin', 'Herbal', 'Light'], preferenceCount: 3, additionalRequest: 'extra mint', lang: 'en' });

    fireEvent.click(screen.getByRole('button', { name: 'Try Another' }));
    expect(screen.queryByRole('article')).toBeNull();
    expect(pick('Light').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(pick('Light').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Mix My Vibe' })).toBeNull();
  });

  it("shows the bartender's reply above the drink: what it honoured, or the question it asks", async () => {
    const message = "I'd go with the Virgin Mojito. Sin alcohol.";
    mockApi({ ...baseReplies, 'POST /api/ai/vibe': { body: { ...SUGGESTION, message } } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />);
    fireEvent.click(pick('Rum'));
    fireEvent.click(pick('Tropical'));
    fireEvent.change(screen.getByLabelText('Any last requests? (optional)'), { target: { value: 'estoy embarazada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("falls back to 'Custom Cocktail' when the suggestion fails", async () => {
    mockApi({ ...baseReplies, 'POST /api/ai/vibe': { status: 503, body: { error: { code: 'unavailable', message: 'down' } } } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />);
    fireEvent.click(pick('Rum'));
    fireEvent.click(pick('Tropical'));
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));
    expect(await screen.findByRole('heading', { name: 'Custom Cocktail' })).toBeTruthy();
    expect(screen.getByText('Unable to generate suggestion at this time')).toBeTruthy();
  });
});

describe('suggestion card', () => {
  it('Add to Cart while signed out goes to sign-in and keeps the suggestion to add on return, as a drink page does (docs/decisions/238)', async () => {
    const calls = mockApi({ ...baseReplies, 'POST /api/ai/vibe': { body: SUGGESTION } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />);
    fireEvent.click(pick('Rum'));
    fireEvent.click(pick('Tropical'));
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));
    const card = await screen.findByRole('article', { name: 'Suggestion: Garden Gin Smash' });
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api/cart'))).toBe(false);
    const back = JSON.parse(screen.getByRole('status').textContent!).signInReturn;
    expect(back?.returnTo).toBe('/venue/artisan-bar/vibe');
    expect(back?.add).toMatchObject({ ai_interaction_id: SUGGESTION.interaction_id, qty: 1, name: 'Garden Gin Smash' });
  });


  it('shows the confirm-with-staff warning and asks for the total before Order Now places anything (docs/decisions/189, 190)', async () => {
    const warned = { ...SUGGESTION, confirm_with_staff: 'With an allergy, please confirm with the bar staff when you order.', order_note: 'Allergy: nuts (said to the AI bartender)' };
    const calls = mockApi({ ...baseReplies, 'POST /api/ai/vibe': { body: warned } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />);
    fireEvent.click(pick('Rum'));
    fireEvent.click(pick('Tropical'));
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));
    const card = await screen.findByRole('article', { name: 'Suggestion: Garden Gin Smash' });
    expect(within(card).getByText('With an allergy, please confirm with the bar staff when you order.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Order Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Garden Gin Smash?' });
    expect(within(dialog).getByText('Total $19.58')).toBeTruthy();
    expect(within(dialog).getByText('Allergy: nuts (said to the AI bartender)')).toBeTruthy();
    expect(calls.some((r) => r.url.endsWith('/api/orders/quick'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((r) => r.url.endsWith('/api/orders/quick'))).toBe(false);
  });

  it('at a venue that takes payment first, a suggestion goes to the cart only: no Order Now the bar would refuse (docs/decisions/241)', async () => {
    mockApi({ ...baseReplies, 'POST /api/ai/vibe': { body: SUGGESTION } });
    renderAt('/venue/artisan-bar/vibe', <VibeMixerPage />, { ...VENUE, takes_cards: true, pay_first: true });
    fireEvent.click(pick('Rum'));
    fireEvent.click(pick('Tropical'));
    fireEvent.click(screen.getByRole('button', { name: 'Mix My Vibe' }));
    const card = await screen.findByRole('article', { name: 'Suggestion: Garden Gin Smash' });
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Order Now' })).toBeNull();
  });
});

describe('AI chat', () => {
  it('sends non-blank messages with the picked options and shows the suggestion card', async () => {
    const calls = mockApi({ ...baseReplies, 'POST /api/ai/chat': { body: SUGGESTION } });
    renderAt('/venue/artisan-bar/ai', <ChatPage />);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Message the bartender'), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    // The chips inside the closed "Quick options" arrive after the first paint (docs/decisions/275).
    fireEvent.click(await screen.findByRole('button', { name: 'Gin' }));
    fireEvent.click(pick('Dry'));
    fireEvent.change(screen.getByLabelText('Message the bartender'), { target: { value: 'something herbal' } });
    fireEvent.click(send);
    expect(await screen.findByText('Try the Garden Gin Smash.')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Suggestion: Garden Gin Smash' })).toBeTruthy();
    const body = await calls.find((r) => r.url.endsWith('/api/ai/chat'))!.clone().json();
    expect(body).toEqual({
      slug: 'artisan-bar', messages: [{ role: 'user', content: 'something herbal' }],
      context: { baseSpirit: 'Gin', flavors: [], extras: [], sweetness: 'Dry', strength: 'Standard' }, lang: 'en',
    });
  });

  it("asks in the guest's language, so the deployed model answers in it (docs/decisions/217)", async () => {
    await activateLocale('es');
    try {
      const calls = mockApi({ ...baseReplies, 'POST /api/ai/chat': { body: SUGGESTION } });
      renderAt('/venue/artisan-bar/ai', <ChatPage />);
      fireEvent.change(await screen.findByLabelText('Mensaje para el bartender'), { target: { value: 'algo con ginebra' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
      await waitFor(() => expect(calls.some((r) => r.url.endsWith('/api/ai/chat'))).toBe(true));
      const body = await calls.find((r) => r.url.endsWith('/api/ai/chat'))!.clone().json();
      expect(body.lang).toBe('es');
    } finally {
      await activateLocale('en');
    }
  });

  it('carries the whole conversation: a constraint said 30 messages ago still goes, within the 40 a request may carry (docs/decisions/254)', async () => {
    // A long chat kept in the tab: the guest said they are pregnant first, then asked 15 more times.
    const said = [{ id: 0, role: 'assistant', content: 'Hi!' }, { id: 1, role: 'user', content: "I'm pregnant, something fruity" }];
    for (let i = 0; i < 15; i++) {
      said.push({ id: said.length, role: 'assistant', content: `Try the Garden Gin Smash (${i}).` }, { id: said.length + 1, role: 'user', content: `another one ${i}` });
    }
    said.push({ id: said.length, role: 'assistant', content: 'Try the Garden Gin Smash.', suggestion: SUGGESTION } as never);
    sessionStorage.setItem('barhop.chat.artisan-bar', JSON.stringify(said));
    try {
      const calls = mockApi({ ...baseReplies, 'POST /api/ai/chat': { body: SUGGESTION } });
      renderAt('/venue/artisan-bar/ai', <ChatPage />);
      fireEvent.change(screen.getByLabelText('Message the bartender'), { target: { value: 'sweeter' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(calls.some((r) => r.url.endsWith('/api/ai/chat'))).toBe(true));
      const { messages } = await calls.find((r) => r.url.endsWith('/api/ai/chat'))!.clone().json() as { messages: { role: string; content: string; suggestion?: unknown }[] };
      expect(messages[0]).toEqual({ role: 'user', content: "I'm pregnant, something fruity" });
      expect(messages.filter((m) => m.role === 'user')).toHaveLength(17);
      expect(messages.length).toBeLessThanOrEqual(40);
      // The reply a follow-up refines travels with its suggestion.
      expect(messages.at(-2)).toMatchObject({ role: 'assistant', suggestion: { name: SUGGESTION.previewName } });
      expect(messages.at(-1)).toEqual({ role: 'user', content: 'sweeter' });
    } finally {
      sessionStorage.removeItem('barhop.chat.artisan-bar');
    }
  });

  it("a card's pending Add to Cart holds every card's buttons, though each card loads its own ordering (docs/decisions/275)", async () => {
    localStorage.setItem('barhop.guest_token', fakeGuestToken('guest-000000000000001'));
    resetGuestSessionForTests();
    mockApi({ ...baseReplies, 'POST /api/auth/guest-session': guestSessionReply('guest-000000000000001'), 'POST /api/ai/chat': { body: SUGGESTION } });
    const answered = globalThis.fetch;
    let addAnswered!: () => void;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/api/cart')) {
        await new Promise<void>((resolve) => { addAnswered = resolve; });
        return new Response(JSON.stringify({ cart: { items: [] } }), { headers: { 'Content-Type': 'application/json' } });
      }
      return answered(input, init);
    }) as typeof fetch;
    renderAt('/venue/artisan-bar/ai', <ChatPage />);
    for (const words of ['something herbal', 'another one']) {
      fireEvent.change(screen.getByLabelText('Message the bartender'), { target: { value: words } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true));
      await waitFor(() => expect(screen.queryByText('Mixing up an idea...')).toBeNull());
    }
    const cards = await waitFor(() => {
      const found = screen.getAllByRole('article', { name: 'Suggestion: Garden Gin Smash' });
      expect(found).toHaveLength(2);
      return found;
    });
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => cards.forEach((card) => expect((within(card).getByRole('button', { name: 'Adding...' }) as HTMLButtonElement).disabled).toBe(true)));
    addAnswered();
    await waitFor(() => cards.forEach((card) => expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeTruthy()));
  });

  it('apologises when the bartender cannot answer', async () => {
    mockApi({ ...baseReplies, 'POST /api/ai/chat': { status: 500, body: { error: { code: 'internal', message: 'boom' } } } });
    renderAt('/venue/artisan-bar/ai', <ChatPage />);
    fireEvent.change(screen.getByLabelText('Message the bartender'), { target: { value: 'surprise me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText("Sorry, I'm having trouble right now. Please try again!")).toBeTruthy());
  });
});
