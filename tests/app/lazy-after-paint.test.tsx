// A part of a guest page loaded after its first paint (docs/decisions/268): fetched when the browser is idle, drawn
// once it has arrived, and fetched again at its first render when the idle fetch failed (the guest went offline).
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyAfterPaint } from '../../app/ui/lazy-after-paint';

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
