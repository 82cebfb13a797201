import { NavLink } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { StylesheetIcon, type StylesheetIconName } from '../../../ui/StylesheetIcon';

/** Bottom navigation of the venue pages: menu, vibe mixer, AI chat, cart and profile. */
export function GuestTabBar({ slug }: { slug: string }) {
  const { t } = useLingui();
  const base = `/venue/${slug}`;
  const tabs: { to: string; label: string; icon: StylesheetIconName; end?: boolean }[] = [
    { to: base, label: t`Menu`, icon: 'glass-water', end: true },
    { to: `${base}/vibe`, label: t`Vibe`, icon: 'sparkles' },
    { to: `${base}/ai`, label: t`AI Chat`, icon: 'message-circle' },
    { to: `${base}/cart`, label: t`Cart`, icon: 'shopping-cart' },
    { to: `${base}/me`, label: t`Profile`, icon: 'user' },
  ];
  return (
    <nav className="guest-tabbar" aria-label={t`Venue`}>
      {tabs.map(({ to, label, icon, end }) => (
        <NavLink key={to} to={to} end={end}>
          <StylesheetIcon name={icon} size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
