import { Heart } from 'lucide-react';

type Props = { favorited: boolean; onToggle: () => void; drinkName: string; busy?: boolean; className?: string };

/** The shared favourite heart: a toggle button whose pressed state is the favourite. */
export function FavoriteButton({ favorited, onToggle, drinkName, busy, className = '' }: Props) {
  return (
    <button type="button" className={`favorite-button ${className}`} aria-pressed={favorited} disabled={busy}
      aria-label={favorited ? `Remove ${drinkName} from favorites` : `Add ${drinkName} to favorites`} onClick={onToggle}>
      <Heart aria-hidden="true" size={22} fill={favorited ? 'currentColor' : 'none'} />
    </button>
  );
}
