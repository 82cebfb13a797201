import { StylesheetIcon } from './StylesheetIcon';

type Props = { src: string | null | undefined; alt?: string; width: number; height: number; className?: string; loading?: 'lazy' | 'eager'; fetchPriority?: 'low' | 'high' | 'auto' };

/** A drink picture, or a neutral glass when there is none (an empty src would refetch the page). */
export function DrinkImage({ src, alt = '', width, height, className, loading, fetchPriority }: Props) {
  if (src) return <img src={src} alt={alt} width={width} height={height} className={className} loading={loading} fetchPriority={fetchPriority} />;
  return (
    <span className={`img-placeholder ${className ?? ''}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {/* A third of the picture, at most 40 px: the stylesheet sizes it by where the picture is. */}
      <StylesheetIcon name="glass-water" />
    </span>
  );
}
