import { DEFAULT_THEME } from './constants';
import type { ThemeColors } from './schemas/venue';

/** '#rrggbb' made `amount` darker (0.2 = 20 percent), per channel. Unparseable input is returned as-is. */
export function darken(hex: string, amount = 0.2): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  const channel = (shift: number) => Math.max(0, Math.round(((n >> shift) & 0xff) * (1 - amount)));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** The venue's colours as CSS custom properties, with the spec's defaults for gaps. */
export function themeVariables(theme: Partial<ThemeColors> | null | undefined): Record<string, string> {
  const t = { ...DEFAULT_THEME, ...(theme ?? {}) };
  return {
    '--venue-primary': t.primary,
    '--venue-primary-dark': darken(t.primary),
    '--venue-secondary': t.secondary,
    '--venue-secondary-dark': darken(t.secondary),
    '--venue-background': t.background,
    '--venue-text': t.text,
  };
}
