// The runtime-error screen (docs/product.md: the spec's fallback screen) comes in the guest's language, loaded when the
// error happens (docs/decisions/277).
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../app/i18n/i18n';
import { catalogs } from './po-catalogs';
import { mockApi } from './render';

const ENGLISH = ['Something went wrong', 'We hit a runtime error. Try refreshing the page.', 'Reload Page'];

function Broken(): never {
  throw new Error('a page that breaks');
}

async function renderBroken() {
  const { RuntimeErrorBoundary } = await import('../../app/ui/RuntimeErrorBoundary');
  return render(<RuntimeErrorBoundary><Broken /></RuntimeErrorBoundary>);
}

describe('the runtime-error screen', () => {
  beforeEach(async () => {
    mockApi({ 'POST /api/client-errors': { body: {} } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await activateLocale('es');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.doUnmock('../../app/ui/RuntimeErrorScreen');
    vi.resetModules();
    await activateLocale('en');
  });

  it('says everything in Spanish to a guest reading Spanish, and no English', async () => {
    const { container } = await renderBroken();
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(catalogs.es['Something went wrong']);
    expect(alert.textContent).toContain(catalogs.es['We hit a runtime error. Try refreshing the page.']);
    expect(screen.getByRole('button').textContent).toBe(catalogs.es['Reload Page']);
    for (const english of ENGLISH) expect(container.textContent).not.toContain(english);
  });

  it("offers a reload in Spanish when the screen's own chunk cannot load (offline, a newer build)", async () => {
    vi.resetModules();
    vi.doMock('../../app/ui/RuntimeErrorScreen', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { activateLocale: activateAgain } = await import('../../app/i18n/i18n');
    await activateAgain('es');
    const { container } = await renderBroken();
    expect((await screen.findByRole('button')).textContent).toBe(catalogs.es['Reload Page']);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    for (const english of ENGLISH) expect(container.textContent).not.toContain(english);
  });
});
