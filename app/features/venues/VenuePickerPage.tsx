import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StylesheetIcon, type StylesheetIconName } from '../../ui/StylesheetIcon';
import type { Venue } from '../../../shared/schemas/venue';
import { toast } from '../../ui/toast';
import { translate, useLocale } from '../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';
import { venueTextsIn } from './venue-texts';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { useVenues } from './venue-list';

/** Matches the spec: the search box looks at name or address. */
export function filterVenues(venues: Venue[], query: string): Venue[] {
  const q = query.trim().toLowerCase();
  if (!q) return venues;
  return venues.filter((v) => v.name.toLowerCase().includes(q) || v.address.toLowerCase().includes(q));
}

// English source texts, translated where they are shown (app/i18n, docs/decisions/217).
const FEATURES: { icon: StylesheetIconName; title: string; text: string }[] = [
  { icon: 'sparkles', title: /*i18n*/ 'AI drink recommendations', text: /*i18n*/ 'Tell our AI bartender your vibe and get a drink the bar can pour tonight.' },
  { icon: 'smartphone', title: /*i18n*/ 'Seamless ordering', text: /*i18n*/ 'Order from your phone, with or without an account. No waving at the bar.' },
  { icon: 'radio', title: /*i18n*/ 'Real-time updates', text: /*i18n*/ 'Watch your order go from Received to Making to Ready, live.' },
];

export default function VenuePickerPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: venues, isPending, isError } = useVenues();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterVenues(venues ?? [], query), [venues, query]);

  useEffect(() => {
    if (isError) toast.error(translate(/*i18n*/ 'Failed to load venues'));
  }, [isError]);

  return (
    <div className="picker">
      <header className="picker-hero">
        <div className="picker-nav">
          <span className="brand">Barhop</span>
          <div className="picker-nav-links">
            {/* The guest's language (docs/decisions/217), beside the back office's links rather than among them. */}
            <LanguagePicker />
            <nav className="picker-nav-links" aria-label={t`Back office`}>
              <Link className="btn btn-ghost" to="/login">{t`Admin Dashboard`}</Link>
              <Link className="btn btn-ghost" to="/staff">{t`Staff Portal`}</Link>
            </nav>
          </div>
        </div>
        <h1>{t`Your next drink, one tap away`}</h1>
        <p className="lead">{t`Pick a venue, browse its menu, ask the AI bartender, and order straight to the bar.`}</p>
        <ul className="feature-list">
          {FEATURES.map(({ icon, title, text }) => (
            <li key={title} className="feature">
              <StylesheetIcon name={icon} size={22} />
              <div>
                <h2>{translate(title)}</h2>
                <p>{translate(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </header>

      <main className="picker-main">
        <div className="search-field">
          <StylesheetIcon name="search" size={18} />
          <label className="visually-hidden" htmlFor="venue-search">{t`Search venues`}</label>
          <input
            id="venue-search"
            type="search"
            placeholder={t`Search venues by name or address`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>

        {isPending ? (
          <p className="muted" role="status">{t`Loading venues...`}</p>
        ) : shown.length === 0 ? (
          <p className="empty-state">{t`No venues found`}</p>
        ) : (
          <ul className="venue-grid">
            {shown.map((venue) => (
              <li key={venue.id}>
                <Link className="venue-card" to={`/venue/${venue.slug}`}>
                  <img src={venue.cover_image_url ?? venue.image_url ?? `/images/generated/venue/${venue.slug}.svg`} alt="" width={400} height={240} loading="lazy" />
                  <div className="venue-card-body">
                    <h2>{venue.name}</h2>
                    <p lang={venueTextsIn(venue, locale).lang}>{venueTextsIn(venue, locale).description}</p>
                    <p className="muted venue-address"><StylesheetIcon name="map-pin" size={14} /> {venue.address}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
