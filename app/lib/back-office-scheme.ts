// A back-office area's light/dark choice: its own module, so no guest's first download carries it (docs/decisions/275).
import type { ColorScheme } from './color-scheme';

export type SchemeArea = 'admin' | 'staff' | 'super';
const areaKey = (area: SchemeArea) => `barhop.backoffice.theme.${area}`;

/** A back-office area's scheme: the one chosen on this device, else dark for staff (bars are dark), light otherwise. */
export function backOfficeScheme(area: SchemeArea): ColorScheme {
  const stored = localStorage.getItem(areaKey(area));
  if (stored === 'dark' || stored === 'light') return stored;
  return area === 'staff' ? 'dark' : 'light';
}

export function setBackOfficeScheme(area: SchemeArea, scheme: ColorScheme) {
  localStorage.setItem(areaKey(area), scheme);
}
