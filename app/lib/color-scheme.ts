export type ColorScheme = 'light' | 'dark';
const STORAGE_KEY = 'barhop.theme';

export function storedColorScheme(): ColorScheme {
  return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

export function applyStoredColorScheme() {
  document.documentElement.dataset.scheme = storedColorScheme();
}

/** Guests' light/dark choice, kept on the device. */
export function setColorScheme(scheme: ColorScheme) {
  localStorage.setItem(STORAGE_KEY, scheme);
  document.documentElement.dataset.scheme = scheme;
}

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
