// A part of a guest page loaded after its first paint (docs/decisions/268): fetched when the browser is idle, drawn
// once it has arrived, and fetched again at its first render when the idle fetch failed (the guest went offline).
// A part the page's read fills is fetched beside that read, and a navigation shows the page once it is in (274).
import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, type PageHandle } from '../../app/route-page';
import { lazyAfterPaint, lazyBesideRead } from '../../app/ui/lazy-after-paint';

const Offer = ({ label }: { label: string }) => <button type="button">{label}</button>;

describe('lazyAfterPaint', () => {
  it('fetches the part when the browser is idle, before anything renders it, and draws it with its props', async () => {
    const load = vi.fn(() => Promise.resolve(Offer));
    const LazyOffer = lazyAfterPaint(load);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    render(<LazyOffer label="Tell me when it's ready" />);
    expect(await screen.findByRole('button', { name: "Tell me when it's ready" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches a part whose idle fetch failed again when it first renders', async () => {
    let failed!: () => void;
    const settled = new Promise<void>((resolve) => { failed = resolve; });
    const load = vi.fn<() => Promise<typeof Offer>>()
      .mockImplementationOnce(() => Promise.reject(new Error('offline')).finally(() => queueMicrotask(failed)))
      .mockImplementation(() => Promise.resolve(Offer));
    const LazyOffer = lazyAfterPaint(load);
    await settled;
    render(<LazyOffer label="Place Order" />);
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyBesideRead and a page with parts beside its read (docs/decisions/275)', () => {
  it("fetches the part at once, draws the page's loading line until it arrives, then the part", async () => {
    let arrive!: (part: typeof Offer) => void;
    const load = vi.fn(() => new Promise<typeof Offer>((resolve) => { arrive = resolve; }));
    const Details = lazyBesideRead(load);
    expect(load).toHaveBeenCalledTimes(1);
    render(<Details label="Add to Cart" fallback={<p role="status">Loading drink...</p>} />);
    expect(screen.getByRole('status').textContent).toBe('Loading drink...');
    arrive(Offer);
    await Details.loaded;
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('draws the page on its first load without waiting for its parts, and on a navigation only once they are in', async () => {
    let partsIn!: () => void;
    const partsLoaded = new Promise<void>((resolve) => { partsIn = resolve; });
    const Frame = () => <h1>Your Cart</h1>;
    const firstLoad = page(() => Promise.resolve({ default: Frame, partsLoaded }));
    await (firstLoad.handle as PageHandle).preload('/venue/artisan-bar/cart');
    const FirstLoad = firstLoad.Component!;
    const { unmount } = render(<Suspense fallback={<p>Still on the menu</p>}><FirstLoad /></Suspense>);
    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeTruthy();
    unmount();

    const navigation = page(() => Promise.resolve({ default: Frame, partsLoaded }));
    const Navigated = navigation.Component!;
    render(<Suspense fallback={<p>Still on the menu</p>}><Navigated /></Suspense>);
    await act(async () => { await (navigation.handle as PageHandle).preload('/venue/artisan-bar/cart'); });
    expect(screen.getByText('Still on the menu')).toBeTruthy();
    await act(async () => { partsIn(); await partsLoaded; });
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeTruthy();
  });
});
