/**
 * The icons the stylesheet draws (app/styles.css `.icon-*`, lucide's shapes as masks): the venue pages' frame and the
 * menu's first screen, drawn alike by the app (app/ui/ShellIcon.tsx) and the Worker's first paint (docs/decisions/277).
 */
export type ShellIconName = 'arrow-left' | 'languages' | 'sun' | 'moon' | 'glass-water' | 'sparkles' | 'message-circle'
  | 'shopping-cart' | 'user' | 'search' | 'chevron-right';
/** The sizes besides the default 24 px. */
export type ShellIconSize = 16 | 18 | 22;
