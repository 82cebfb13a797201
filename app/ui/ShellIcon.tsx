import type { ShellIconName, ShellIconSize } from '../../shared/shell-icons';

export type { ShellIconName };

/**
 * An icon of the venue pages' frame (header, tab bar) or the menu's first screen: drawn by the stylesheet the page
 * already has, so no page downloads its shape as code, and the Worker's first paint draws the same element
 * (worker/pages/menu-first-paint.ts, docs/decisions/277). 24 px unless `size` says otherwise.
 */
export const ShellIcon = ({ name, size }: { name: ShellIconName; size?: ShellIconSize }) =>
  <span className={`icon icon-${name}${size ? ` icon-${size}` : ''}`} aria-hidden="true" />;
