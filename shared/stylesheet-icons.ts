/**
 * The icons the stylesheet draws (app/styles.css `.icon-*`, lucide's shapes as masks): every icon a guest page's first
 * download draws, so none of them comes as code; the app (app/ui/StylesheetIcon.tsx) and the Worker's first paint of
 * the menu draw the same element (docs/decisions/277).
 */
export type StylesheetIconName = 'arrow-left' | 'languages' | 'sun' | 'moon' | 'glass-water' | 'sparkles' | 'message-circle'
  | 'shopping-cart' | 'user' | 'search' | 'chevron-right' | 'send' | 'rotate-ccw' | 'map-pin' | 'smartphone' | 'radio';
/** The sizes besides the default 24 px. */
export type StylesheetIconSize = 14 | 16 | 18 | 22;
