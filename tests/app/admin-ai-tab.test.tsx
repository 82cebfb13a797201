// The admin's AI Controls tab when its reads fail: a clear error with Retry, and Retry asks again.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiControlsTab } from '../../app/features/admin/dashboard/AiControlsTab';
import { mockApi, renderPage } from './render';

const failure = { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };

describe('AI Controls tab', () => {
  it('says the AI settings could not be loaded, and Retry reads both again', async () => {
    const calls = mockApi({ 'GET /api/ai/admin/settings': failure, 'GET /api/ai/admin/analytics': failure });
    renderPage(<AiControlsTab />);
    const alert = await screen.findByRole('alert', { name: 'AI settings could not be loaded' });
    expect(alert.textContent).toContain('Your settings are unchanged.');
    const reads = () => calls.filter((r) => r.url.includes('/api/ai/admin/')).length;
    const before = reads();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('alert', { name: 'AI settings could not be loaded' });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(before + 2);
  });
});
