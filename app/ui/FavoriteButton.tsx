import { Heart } from 'lucide-react';
import { useT } from '../i18n/i18n';

type Props = { favorited: boolean; onToggle: () => void; drinkName: string; busy?: boolean; className?: string };

/** The shared favourite heart: a toggle button whose pressed state is the favourite. */
export function FavoriteButton({ favorited, onToggle, drinkName, busy, className = '' }: Props) {
  const t = useT();
  return (
    <button type="button" className={`favorite-button ${className}`} aria-pressed={favorited} disabled={busy}
      aria-label={favorited ? t('Remove {drink} from favorites', { drink: drinkName }) : t('Add {drink} to favorites', { drink: drinkName })} onClick={onToggle}>
      <Heart aria-hidden="true" size={22} fill={favorited ? 'currentColor' : 'none'} />
    </button>
  );
}
