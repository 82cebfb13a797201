import { useLingui } from '@lingui/react/macro';
import { useLocale } from './i18n';
import { StylesheetIcon } from '../ui/StylesheetIcon';
import { LANGUAGE_NAMES, LOCALES, type Locale } from './locales';

// Keeping a choice loads with the first one made (docs/decisions/275).
const chooseLocale = (locale: Locale) => import('./choose-locale').then((choice) => choice.chooseLocale(locale));

/**
 * The guest's language (docs/decisions/217): each language by its own name, so a guest who cannot read the current
 * one still finds theirs. The choice is kept on the device. `compact` (the venue header, where the venue's name needs
 * the width on a phone) shows the icon and the language's code, with the same list opening over it.
 */
export function LanguagePicker({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <label className={['language-picker', compact ? 'language-picker-compact' : '', className].filter(Boolean).join(' ')}>
      <StylesheetIcon name="languages" size={18} />
      {compact && <span className="language-code" aria-hidden="true">{locale.toUpperCase()}</span>}
      <span className="visually-hidden">{t`Language`}</span>
      <select value={locale} onChange={(e) => void chooseLocale(e.target.value as Locale)}>
        {LOCALES.map((code) => <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>)}
      </select>
    </label>
  );
}
