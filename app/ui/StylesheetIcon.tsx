import type { StylesheetIconName, StylesheetIconSize } from '../../shared/stylesheet-icons';

export type { StylesheetIconName };

/**
 * An icon a guest page's first download draws (the venue pages' header and tab bar, the menu, the picker, the AI
 * pages): drawn by the stylesheet the page already has, so no page downloads its shape as code, and the Worker's
 * first paint draws the same element (worker/pages/menu-first-paint.ts, docs/decisions/277). Parts loaded later use
 * lucide-react's components. 24 px unless `size` says otherwise.
 */
export const StylesheetIcon = ({ name, size }: { name: StylesheetIconName; size?: StylesheetIconSize }) =>
  <span className={`icon icon-${name}${size ? ` icon-${size}` : ''}`} aria-hidden="true" />;
