import { Heart } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

type Props = { favorited: boolean; onToggle: () => void; drinkName: string; busy?: boolean; className?: string };

/** The shared favourite heart: a toggle button whose pressed state is the favourite. */
export function FavoriteButton({ favorited, onToggle, drinkName, busy, className = '' }: Props) {
  const { t } = useLingui();
  return (
    <button type="button" className={`favorite-button ${className}`} aria-pressed={favorited} disabled={busy}
      aria-label={favorited ? t`Remove ${{ drink: drinkName }} from favorites` : t`Add ${{ drink: drinkName }} to favorites`} onClick={onToggle}>
      <Heart aria-hidden="true" size={22} fill={favorited ? 'currentColor' : 'none'} />
    </button>
  );
}
