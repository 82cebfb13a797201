// The admin's AI Controls tab when its reads fail: a clear error with Retry, and Retry asks again.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiControlsTab } from '../../app/features/admin/dashboard/AiControlsTab';
import { mockApi, renderPage } from './render';

const failure = { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
const SETTINGS = {
  ai_config: { temperature: 0.7, max_tokens: 600, creativity_level: 'balanced' },
  current_settings: { temperature: 0.4, max_tokens: 350, creativity_level: 'creative' },
  backend: 'local', model: 'barhop-local-v1', updated_at: null,
};
const ANALYTICS = {
  total_interactions_30_days: 37, satisfaction_rate_percent: null, liked_interactions: 0, disliked_interactions: 0,
  ai_orders_30_days: 0, ordered_interactions_30_days: 0, conversion_rate_percent: 0, backend: 'local', model: 'barhop-local-v1',
};

describe('AI Controls tab', () => {
  it('says the AI settings could not be loaded, and Retry reads both again', async () => {
    let up = false;
    const calls = mockApi({
      'GET /api/ai/admin/settings': () => (up ? { body: SETTINGS } : failure),
      'GET /api/ai/admin/analytics': () => (up ? { body: { analytics: ANALYTICS } } : failure),
    });
    renderPage(<AiControlsTab />);
    const alert = await screen.findByRole('alert', { name: 'AI settings could not be loaded' });
    expect(alert.textContent).toContain('Your settings are unchanged.');
    const reads = () => calls.filter((r) => r.url.includes('/api/ai/admin/')).length;
    const before = reads();
    // The AI answers again: what Retry reads is on screen once each read has answered.
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Temperature: 0.4 (Balanced)')).toBeTruthy();
    expect((await screen.findByText('Total interactions (30 days)')).previousElementSibling?.textContent).toBe('37');
    expect(screen.queryByRole('alert', { name: 'AI settings could not be loaded' })).toBeNull();
    expect(reads()).toBe(before + 2);
  });
});
