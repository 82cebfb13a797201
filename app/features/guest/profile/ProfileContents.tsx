import { lazy, Suspense, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Heart, History, LogOut } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import type { Venue } from '../../../../shared/schemas/venue';
import { toast } from '../../../ui/toast';
import { useGuestProfile, useGuestSignOut, useUpdateGuestProfile } from '../../auth/guest-profile-api';
import { displayPhone } from '../../auth/display-phone';
import { useOrderHistory } from '../../orders/api';
import { useFavorites } from '../api';
import { DrinkImage } from '../../../ui/DrinkImage';
import { translate } from '../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

type Tab = 'favorites' | 'history';
/** Labels are the English ids of the guest's language (docs/decisions/217). */
const TABS: { id: Tab; label: string; icon: typeof Heart }[] = [
  { id: 'favorites', label: /*i18n*/ 'Favorites', icon: Heart },
  { id: 'history', label: /*i18n*/ 'History', icon: History },
];

/**
 * The profile once the guest's session is confirmed (app/features/guest/profile/ProfilePage.tsx): their details,
 * favourites, history and sign-out; fetched beside the session's check (docs/decisions/275).
 */
export function ProfileContents({ venue }: { venue: Venue }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('favorites');
  const signOut = useGuestSignOut();

  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = tab === 'favorites' ? 'history' : 'favorites';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <main className="guest-main">
      <ProfileCard />
      <div className="tabs" role="tablist" aria-label={t`Profile sections`}>
        {TABS.map(({ id, label, icon: Icon }) => (
          <button key={id} id={`tab-${id}`} type="button" role="tab" className="tab" aria-selected={tab === id} aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1} onClick={() => setTab(id)} onKeyDown={onTabKey}>
            <Icon aria-hidden="true" size={18} /> {translate(label)}
          </button>
        ))}
      </div>
      <section id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'favorites' ? <FavoritesList slug={venue.slug} /> : <HistoryList slug={venue.slug} />}
      </section>
      <button type="button" className="btn btn-block sign-out" onClick={() => void signOut(venue.slug)}>
        <LogOut aria-hidden="true" size={18} /> {t`Sign Out`}
      </button>
    </main>
  );
}

function ProfileCard() {
  const { t } = useLingui();
  const profile = useGuestProfile();
  const update = useUpdateGuestProfile();
  const [draft, setDraft] = useState<string | null>(null);
  const name = profile.data?.display_name ?? '';

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (draft === null) return;
    update.mutate(draft.trim(), {
      onSuccess: () => { setDraft(null); toast.success(t`Profile updated`); },
      onError: () => toast.error(t`Failed to update profile`),
    });
  };

  return (
    <section className="card profile-card" aria-label={t`Your details`}>
      <div className="avatar" aria-hidden="true">{(name || '?').slice(0, 1).toUpperCase()}</div>
      <div className="profile-text">
        <p className="profile-name">{name || t`Guest`}</p>
        {profile.data && <p className="muted">{displayPhone(profile.data.phone_number)}</p>}
      </div>
      <form className="profile-form" onSubmit={save}>
        <label htmlFor="display-name">{t`Display name`}</label>
        <div className="row">
          <input id="display-name" maxLength={60} placeholder={t`What should the bar call you?`} value={draft ?? name}
            onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" className="btn" disabled={draft === null || update.isPending}>{update.isPending ? t`Saving...` : t`Save`}</button>
        </div>
      </form>
    </section>
  );
}

function FavoritesList({ slug }: { slug: string }) {
  const { t } = useLingui();
  const { data: favorites, isPending } = useFavorites(slug);
  if (isPending) return <p role="status" className="muted">{t`Loading favorites...`}</p>;
  if (!favorites?.length) return <p className="empty-state">{t`No favorites yet. Tap the heart on a drink to keep it here.`}</p>;
  return (
    <ul className="favorite-list">
      {favorites.map((f) => (
        <li key={f.menu_drink_id}>
          <Link className="favorite-row card" to={`/venue/${slug}/drink/${f.menu_drink_id}`}>
            <DrinkImage src={f.image_url} width={56} height={56} />
            <span className="favorite-name">{f.name}</span>
            <span className="price">{formatCents(f.price_cents)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

// The order cards load with the History tab, beside its read: they are not in the page's first
// download (bundle budget of guest routes, docs/decisions/219).
const loadOrderCard = () => import('../orders/OrderCard');
const OrderCard = lazy(() => loadOrderCard().then((m) => ({ default: m.OrderCard })));

function HistoryList({ slug }: { slug: string }) {
  const { t } = useLingui();
  const history = useOrderHistory(slug);
  useEffect(() => { void loadOrderCard(); }, []);
  // docs/product.md §8.7: a failed history read is an empty history.
  const orders = history.data ?? [];
  if (history.isPending) return <p role="status" className="muted">{t`Loading history...`}</p>;
  if (orders.length === 0) return <p className="empty-state">{t`No orders yet`}</p>;
  return (
    <div className="stack">
      <Suspense fallback={<p role="status" className="muted">{t`Loading history...`}</p>}>
        {orders.map((order) => <OrderCard key={order.id} order={order} slug={slug} />)}
      </Suspense>
    </div>
  );
}
