import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { StylesheetIcon } from '../../../ui/StylesheetIcon';
import { setColorScheme, storedColorScheme, type ColorScheme } from '../../../lib/color-scheme';

/** Spec: guests toggle a light or dark theme, stored on the device. */
export function ThemeToggle() {
  const { t } = useLingui();
  const [scheme, setScheme] = useState<ColorScheme>(storedColorScheme);
  const next: ColorScheme = scheme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="icon-button" aria-label={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
      title={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
      onClick={() => { setColorScheme(next); setScheme(next); }}>
      <StylesheetIcon name={scheme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
