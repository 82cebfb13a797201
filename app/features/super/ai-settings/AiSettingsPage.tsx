import { useId, useState } from 'react';
import { PageHeader } from '../common/SuperUi';
import { AiAnalyticsTab } from './AiAnalyticsTab';
import { FlavorRulesTab } from './FlavorRulesTab';
import { GlobalPromptTab } from './GlobalPromptTab';

const TABS = [
  { key: 'prompt', label: 'Global Prompt', Panel: GlobalPromptTab },
  { key: 'rules', label: 'Flavor Rules', Panel: FlavorRulesTab },
  { key: 'analytics', label: 'AI Analytics', Panel: AiAnalyticsTab },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Spec: AI Settings (/super/ai-settings) with three tabs. */
export default function AiSettingsPage() {
  const [tab, setTab] = useState<TabKey>('prompt');
  const baseId = useId();
  const active = TABS.find((t) => t.key === tab)!;

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const index = TABS.findIndex((t) => t.key === tab);
    const next = TABS[(index + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
    setTab(next.key);
    document.getElementById(`${baseId}-tab-${next.key}`)?.focus();
  }

  return (
    <main className="page super-page">
      <PageHeader title="AI Settings" subtitle="The platform-wide bartender prompt, flavor rules and AI analytics" />
      <div className="tabs super-tabs" role="tablist" aria-label="AI settings" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.key} id={`${baseId}-tab-${t.key}`} type="button" role="tab" className="tab"
            aria-selected={t.key === tab} aria-controls={`${baseId}-panel`} tabIndex={t.key === tab ? 0 : -1}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="tab-panel card" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        <active.Panel />
      </div>
    </main>
  );
}
