import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useGlobalPrompt, useSaveGlobalPrompt } from './api';
import { DEFAULT_BARTENDER_PROMPT, DEFAULT_GARNISHES } from './default-prompt';
import { GarnishListInput } from './GarnishListInput';

type PromptFields = { system_prompt: string; garnish_suggestions: string[]; notes: string };

function PromptForm({ initial, usingDefault }: { initial: PromptFields; usingDefault: boolean }) {
  const save = useSaveGlobalPrompt();
  const [systemPrompt, setSystemPrompt] = useState(initial.system_prompt);
  const [garnishes, setGarnishes] = useState(initial.garnish_suggestions);
  const [notes, setNotes] = useState(initial.notes);
  const blank = systemPrompt.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({ system_prompt: systemPrompt, garnish_suggestions: garnishes, notes });
      toast.success('Global prompt saved');
    } catch (err) {
      console.error('Saving the global prompt failed', err);
      toast.error(`Failed to save the prompt: ${errorMessage(err, 'unknown error')}`);
    }
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      {usingDefault && (
        <p className="badge badge-warning" role="status">Could not load the saved prompt; showing the built-in default bartender prompt.</p>
      )}
      <div className="field">
        <label htmlFor="system-prompt">System prompt</label>
        <textarea id="system-prompt" rows={8} value={systemPrompt} onChange={(e) => setSystemPrompt(e.target.value)} required aria-invalid={blank || undefined} />
        {blank && <p className="field-error">System prompt is required</p>}
      </div>
      <GarnishListInput id="garnish-input" label="Garnish suggestions" value={garnishes} onChange={setGarnishes} />
      <div className="field">
        <label htmlFor="prompt-notes">Notes</label>
        <textarea id="prompt-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div><button type="submit" className="btn btn-primary" disabled={blank || save.isPending}>{save.isPending ? 'Saving...' : 'Save'}</button></div>
    </form>
  );
}

/** Global Prompt tab: the saved prompt, or the built-in default when it cannot be loaded. */
export function GlobalPromptTab() {
  const prompt = useGlobalPrompt();
  if (prompt.isPending) return <p className="muted" role="status">Loading prompt...</p>;
  if (prompt.isError) {
    return <PromptForm key="default" usingDefault initial={{ system_prompt: DEFAULT_BARTENDER_PROMPT, garnish_suggestions: DEFAULT_GARNISHES, notes: '' }} />;
  }
  return <PromptForm key={prompt.data.updated_at ?? 'saved'} usingDefault={false} initial={prompt.data} />;
}
