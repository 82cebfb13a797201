import { NavLink } from 'react-router';
import { GlassWater, MessageCircle, ShoppingCart, Sparkles, User } from 'lucide-react';

/** Bottom navigation of the venue pages: menu, vibe mixer, AI chat, cart and profile. */
export function GuestTabBar({ slug }: { slug: string }) {
  const base = `/venue/${slug}`;
  const tabs = [
    { to: base, label: 'Menu', icon: GlassWater, end: true },
    { to: `${base}/vibe`, label: 'Vibe', icon: Sparkles },
    { to: `${base}/ai`, label: 'AI Chat', icon: MessageCircle },
    { to: `${base}/cart`, label: 'Cart', icon: ShoppingCart },
    { to: `${base}/me`, label: 'Profile', icon: User },
  ];
  return (
    <nav className="guest-tabbar" aria-label="Venue">
      {tabs.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end}>
          <Icon aria-hidden="true" size={22} />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
