import { NavLink } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { GlassWater, MessageCircle, ShoppingCart, Sparkles, User } from 'lucide-react';

/** Bottom navigation of the venue pages: menu, vibe mixer, AI chat, cart and profile. */
export function GuestTabBar({ slug }: { slug: string }) {
  const { t } = useLingui();
  const base = `/venue/${slug}`;
  const tabs = [
    { to: base, label: t`Menu`, icon: GlassWater, end: true },
    { to: `${base}/vibe`, label: t`Vibe`, icon: Sparkles },
    { to: `${base}/ai`, label: t`AI Chat`, icon: MessageCircle },
    { to: `${base}/cart`, label: t`Cart`, icon: ShoppingCart },
    { to: `${base}/me`, label: t`Profile`, icon: User },
  ];
  return (
    <nav className="guest-tabbar" aria-label={t`Venue`}>
      {tabs.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end}>
          <Icon aria-hidden="true" size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
