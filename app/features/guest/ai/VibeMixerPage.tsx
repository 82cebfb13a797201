import { useState } from 'react';
import { VIBE_MAX_PICKS, VIBE_MIN_PICKS, VIBE_OPTIONS } from '../../../../shared/ai-options';
import type { AiSuggestion, VibeTag } from '../../../../shared/schemas/ai';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { useSessionState } from '../../../lib/session-state';
import { useVibeSuggestion } from './api';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { lazyAfterPaint } from '../../../ui/lazy-after-paint';
import { StylesheetIcon } from '../../../ui/StylesheetIcon';

// An answer's card draws after the AI answers: not in the page's first download (docs/decisions/268).
const SuggestionCard = lazyAfterPaint(() => import('./components/SuggestionCard').then((m) => m.SuggestionCard));

/** Titles and tags are English ids (docs/decisions/217); the tags stay English on the wire. */
const GROUPS: { title: string; options: readonly VibeTag[] }[] = [
  { title: /*i18n*/ 'Spirits', options: VIBE_OPTIONS.spirits },
  { title: /*i18n*/ 'Flavors', options: VIBE_OPTIONS.flavors },
  { title: /*i18n*/ 'Styles', options: VIBE_OPTIONS.styles },
];

type Result = { kind: 'suggestion'; suggestion: AiSuggestion } | { kind: 'failed' };

/** Spec: Vibe mixer (/venue/{slug}/vibe): 2 to 3 picks, an optional last request, 'Mix My Vibe'. */
export default function VibeMixerPage() {
  const { venue } = useVenueContext();
  const { t } = useLingui();
  const customCocktail = t`Custom Cocktail`;
  // Picks and the mixed drink survive a reload of the tab; leaving the mixer starts it fresh (docs/decisions/126).
  const [picks, setPicks] = useSessionState<VibeTag[]>(`barhop.vibe_picks.${venue.slug}`, [], { forgetOnLeave: true });
  const [request, setRequest] = useState('');
  const [result, setResult] = useSessionState<Result | null>(`barhop.vibe_result.${venue.slug}`, null, { forgetOnLeave: true });
  const mix = useVibeSuggestion(venue.slug);
  const full = picks.length >= VIBE_MAX_PICKS;
  const ready = picks.length >= VIBE_MIN_PICKS;

  const toggle = (tag: VibeTag) =>
    setPicks((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : current.length >= VIBE_MAX_PICKS ? current : [...current, tag]));

  const submit = () => {
    // docs/product.md §6.4: requests with fewer than 2 picks are ignored.
    if (!ready || mix.isPending) return;
    mix.mutate({ selectedCategories: picks, preferenceCount: picks.length, additionalRequest: request.trim() || undefined }, {
      onSuccess: (suggestion) => setResult({ kind: 'suggestion', suggestion }),
      onError: () => setResult({ kind: 'failed' }),
    });
  };
  const tryAnother = () => { setResult(null); mix.reset(); };
  const resetAll = () => { tryAnother(); setPicks([]); setRequest(''); };

  return (
    <>
      <GuestHeader title={t`Vibe Mixer`} subtitle={venue.name} back={{ to: `/venue/${venue.slug}`, label: t`Back to ${{ venue: venue.name }} menu` }} />
      <main className="guest-main vibe-mixer">
        {result ? (
          <section aria-label={t`Your drink`} className="stack">
            {result.kind === 'suggestion' ? (
              <>
                {/* The bartender's reply says what it honoured, or asks what it could not read (docs/decisions/189). */}
                <p className="chat-bubble">{result.suggestion.message}</p>
                <SuggestionCard suggestion={result.suggestion} slug={venue.slug} />
              </>
            ) : (
              <article className="card suggestion-card" aria-label={t`Suggestion: ${{ name: customCocktail }}`}>
                <div className="suggestion-body stack">
                  <h2>{customCocktail}</h2>
                  <p>{t`Unable to generate suggestion at this time`}</p>
                  <p className="muted">{t`Ask the bar for a custom cocktail with ${{ picks: picks.map((tag) => translate(tag)).join(', ') }}, or try again.`}</p>
                </div>
              </article>
            )}
            <div className="row">
              <button type="button" className="btn" onClick={tryAnother}><StylesheetIcon name="sparkles" size={18} />{t`Try Another`}</button>
              <span className="spacer" />
              <button type="button" className="btn btn-ghost" onClick={resetAll}><StylesheetIcon name="rotate-ccw" size={18} />{t`Reset`}</button>
            </div>
          </section>
        ) : (
          <form className="stack" onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <p className="muted">{t`Pick 2 or 3 that match your mood and we'll mix something from what the bar has tonight.`}</p>
            <p className="vibe-count" aria-live="polite">{t`${{ count: picks.length }}/${{ max: VIBE_MAX_PICKS }} selected`}</p>
            {GROUPS.map((group) => (
              <fieldset key={group.title} className="vibe-group">
                <legend>{translate(group.title)}</legend>
                <div className="chips chips-wrap">
                  {group.options.map((tag) => {
                    const on = picks.includes(tag);
                    return (
                      <button key={tag} type="button" className="chip" aria-pressed={on} disabled={!on && full} onClick={() => toggle(tag)}>{translate(tag)}</button>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            {ready && (
              <>
                <div className="field">
                  <label htmlFor="vibe-request">{t`Any last requests? (optional)`}</label>
                  <textarea id="vibe-request" maxLength={300} placeholder={t`Not too sweet, extra lime...`} value={request} onChange={(e) => setRequest(e.target.value)} />
                </div>
                <button type="submit" className="btn btn-primary btn-block" disabled={mix.isPending}>
                  <StylesheetIcon name="sparkles" size={18} />{mix.isPending ? t`Mixing...` : t`Mix My Vibe`}
                </button>
              </>
            )}
            {picks.length > 0 && <button type="button" className="btn btn-ghost" onClick={resetAll}><StylesheetIcon name="rotate-ccw" size={18} />{t`Reset`}</button>}
          </form>
        )}
      </main>
    </>
  );
}
