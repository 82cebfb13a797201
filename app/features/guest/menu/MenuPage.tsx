import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useVenueDrinks } from '../../venues/api';
import { useVenueTexts } from '../../venues/venue-texts';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { GuestHeader } from '../venue/GuestHeader';
import { useVenueContext } from '../venue/VenueLayout';
import { categoryName, DrinkCardBody } from './DrinkCard';
import { HappyHourBanner, useHappyHour } from '../pricing/happy-hour';
import { categoryCounts } from './category-counts';
import type { searchMenu } from './menu-search';
import { firstMenuOfTheLoad, markWholeMenuDrawn } from './first-screen';
import { FIRST_SCREEN_DRINKS } from '../../../../shared/constants';
import { whenIdle } from '../../../ui/lazy-after-paint';
import { StylesheetIcon } from '../../../ui/StylesheetIcon';

// Its own chunk, fetched on the first press: the menu's first download stays in budget (decision 184).
const BartenderPanel = lazy(() => import('../ai/BartenderPanel'));
// The search's matching (words, accents, typos) is not in the first download: fetched when idle, or at the first
// letter typed; until it is in, the menu stays whole (docs/decisions/275). The age gate (./AgeGate.tsx) is not on this
// screen: nothing triggers it (docs/decisions/184, 275).
const loadSearch = () => import('./menu-search');
whenIdle(() => { void loadSearch().catch(() => undefined); });

/** Spec: Venue menu (/venue/{slug}). */
export default function MenuPage() {
  const { venue } = useVenueContext();
  const { t } = useLingui();
  const happyHour = useHappyHour(venue);
  const texts = useVenueTexts(venue);
  const { data: drinks, isPending, isError } = useVenueDrinks(venue.slug);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<typeof searchMenu | null>(null);
  const onQuery = (value: string) => {
    setQuery(value);
    if (!search) void loadSearch().then((module) => setSearch(() => module.searchMenu), () => undefined);
  };
  const [category, setCategory] = useState<string | null>(null);
  const [aiPanelOpen, setAiPanelOpen] = useState(false);
  // The chips count what the search found (docs/decisions/238); its words are in the guest's language (`t`).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `t` changes with the language the search's words are in
  const found = useMemo(() => (query && search ? search(drinks ?? [], query, venue.name) : drinks ?? []), [drinks, query, search, venue.name, t]);
  const categories = useMemo(() => categoryCounts(found), [found]);
  const shown = category ? found.filter((d) => d.category === category) : found;
  const cover = venue.cover_image_url ?? venue.image_url;
  // The first commit draws what the Worker's first paint shows: the first screenful of cards, and nothing under a
  // partial grid. The rest of the menu follows in a deferred render of its own, so no long task follows the paint
  // and a guest's first tap is answered at once (docs/decisions/268). Only the page load's first menu does this.
  const [splitFirstCommit] = useState(firstMenuOfTheLoad);
  const wholeMenu = useDeferredValue(true, !splitFirstCommit);
  useEffect(() => { if (wholeMenu) markWholeMenuDrawn(); }, [wholeMenu]);
  const listed = wholeMenu ? shown : shown.slice(0, FIRST_SCREEN_DRINKS);

  return (
    <>
      <GuestHeader
        title={venue.name}
        subtitle={venue.address}
        back={{ to: '/', label: t`Back to venues` }}
        logoUrl={venue.logo_url}
        actions={(
          <button type="button" className="btn btn-small btn-on-header" onClick={() => setAiPanelOpen(true)}>
            <StylesheetIcon name="sparkles" size={16} /> <span className="label-wide">{t`AI Bartender`}</span>
          </button>
        )}
      />
      <main className="guest-main">
        <HappyHourBanner active={happyHour} />
        {cover && (
          <div className="venue-hero">
            <img src={cover} alt="" width={960} height={320} />
            {texts.description && <p lang={texts.lang}>{texts.description}</p>}
          </div>
        )}
        <div className="search-field">
          <StylesheetIcon name="search" size={18} />
          <label className="visually-hidden" htmlFor="drink-search">{t`Search drinks`}</label>
          <input id="drink-search" type="search" placeholder={t`Search drinks`} value={query} onChange={(e) => onQuery(e.target.value)} />
        </div>
        <div className="chips" role="group" aria-label={t`Categories`}>
          <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
            {t`All Drinks (${{ count: found.length }})`}
          </button>
          {categories.map(([key, count]) => (
            <button key={key} type="button" className="chip" aria-pressed={category === key} onClick={() => setCategory(key)}>
              {categoryName(translate, key, venue.name)} ({count})
            </button>
          ))}
        </div>
        {category && (
          <Link className="category-link" to={`/venue/${venue.slug}/category/${category}`}>
            {t`Quick order from ${{ category: categoryName(translate, category, venue.name) }}`} <StylesheetIcon name="chevron-right" size={18} />
          </Link>
        )}
        {isPending ? (
          <p role="status" className="muted menu-loading">{t`Loading menu...`}</p>
        ) : isError ? (
          <p role="alert" className="error-panel">{t`Failed to load venue data`}</p>
        ) : shown.length === 0 ? (
          <p className="empty-state">{t`No drinks found`}</p>
        ) : (
          <ul className="drink-grid" aria-label={t`Drinks`}>
            {listed.map((drink) => (
              <li key={drink.id}>
                <Link className="drink-card" to={`/venue/${venue.slug}/drink/${drink.id}`}>
                  <DrinkCardBody drink={drink} venueName={venue.name} happyHour={happyHour} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {listed.length === shown.length && (
          <div className="ai-links">
            <Link className="ai-link-card" to={`/venue/${venue.slug}/vibe`}>
              <StylesheetIcon name="sparkles" /> <span><strong>{t`Vibe Mixer`}</strong><br />{t`Pick a vibe, get a drink`}</span>
            </Link>
            <Link className="ai-link-card" to={`/venue/${venue.slug}/ai`}>
              <StylesheetIcon name="sparkles" /> <span><strong>{t`AI Chat`}</strong><br />{t`Ask the bartender`}</span>
            </Link>
          </div>
        )}
      </main>
      {aiPanelOpen && (
        <Suspense fallback={<p className="visually-hidden" role="status">{t`Opening the AI Bartender...`}</p>}>
          <BartenderPanel venue={venue} onClose={() => setAiPanelOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
