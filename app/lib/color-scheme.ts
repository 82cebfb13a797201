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
