import { Languages } from 'lucide-react';
import { chooseLocale, useLocale, useT } from './i18n';
import { LANGUAGE_NAMES, LOCALES, type Locale } from './locales';

/**
 * The guest's language (docs/decisions/216): each language by its own name, so a guest who cannot read the current
 * one still finds theirs. The choice is kept on the device.
 */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <label className={`language-picker ${className}`.trim()}>
      <Languages aria-hidden="true" size={18} />
      <span className="visually-hidden">{t('Language')}</span>
      <select value={locale} onChange={(e) => void chooseLocale(e.target.value as Locale)}>
        {LOCALES.map((code) => <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>)}
      </select>
    </label>
  );
}
