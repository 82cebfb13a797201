import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguagePicker } from '../../../i18n/LanguagePicker';
import { ThemeToggle } from './ThemeToggle';
import { StylesheetIcon } from '../../../ui/StylesheetIcon';

/** Where the back arrow goes, and what it says to screen readers. */
export type HeaderBack = { to: string; label: string };

type Props = {
  title: string;
  subtitle?: ReactNode;
  back: HeaderBack;
  /** Extra buttons at the right, before the language picker and the theme toggle. */
  actions?: ReactNode;
  logoUrl?: string | null;
};

/** The sticky header of every guest screen, in the venue's secondary colour. */
export function GuestHeader({ title, subtitle, back, actions, logoUrl }: Props) {
  return (
    <header className="venue-header">
      <Link to={back.to} className="icon-link" aria-label={back.label}><StylesheetIcon name="arrow-left" /></Link>
      {logoUrl && <img className="venue-logo" src={logoUrl} alt="" width={36} height={36} fetchPriority="low" />}
      <div className="venue-header-text">
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      <div className="venue-header-actions">
        {actions}
        <LanguagePicker compact />
        <ThemeToggle />
      </div>
    </header>
  );
}
