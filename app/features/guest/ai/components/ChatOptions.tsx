import { CHAT_OPTIONS } from '../../../../../shared/ai-options';
import { english, translate, useLocale, type Translate } from '../../../../i18n/i18n';
import { useLingui } from '@lingui/react/macro';

export type ChatPicks = {
  base: string | null;
  flavors: string[];
  sweetness: string;
  strength: string;
  extras: string[];
};

/** docs/product.md §6.4: sweetness defaults to balanced, strength to standard. */
export const DEFAULT_PICKS: ChatPicks = { base: null, flavors: [], sweetness: /*i18n*/ 'Balanced', strength: /*i18n*/ 'Standard', extras: [] };
const MAX_MULTI = 3;

export const hasPicks = (p: ChatPicks) =>
  p.base !== null || p.flavors.length > 0 || p.extras.length > 0 || p.sweetness !== DEFAULT_PICKS.sweetness || p.strength !== DEFAULT_PICKS.strength;

/**
 * The guest message the picks stand for, e.g. "Suggest a drink: Gin, citrus and herbal, dry, with mint", in the guest's
 * language (`t`, docs/decisions/217; the model answers in it, docs/decisions/217). Other languages keep the options'
 * case: German capitalises nouns.
 */
export function describePicks(p: ChatPicks, t: Translate = english, lower = true): string {
  const word = (option: string) => (lower ? t(option).toLowerCase() : t(option));
  const and = (list: string[]) => list.map(word).join(t(/*i18n*/ ' and '));
  const parts: string[] = [];
  if (p.base === /*i18n*/ 'None') parts.push(t(/*i18n*/ 'no alcohol'));
  else if (p.base) parts.push(t(p.base));
  if (p.flavors.length > 0) parts.push(and(p.flavors));
  if (p.sweetness !== DEFAULT_PICKS.sweetness) parts.push(word(p.sweetness));
  if (p.strength !== DEFAULT_PICKS.strength) parts.push(word(p.strength));
  if (p.extras.length > 0) parts.push(t(/*i18n*/ 'with {extras}', { extras: and(p.extras) }));
  return t(/*i18n*/ 'Suggest a drink: {picks}', { picks: parts.join(', ') });
}

type GroupProps = { title: string; options: readonly string[]; isOn: (o: string) => boolean; isDisabled?: (o: string) => boolean; onPick: (o: string) => void };

function ChipGroup({ title, options, isOn, isDisabled, onPick }: GroupProps) {
  useLocale(); // renders again in a new language: its texts are read at run time
  // The option stays the English value sent to the bartender; the guest reads it in their language.
  return (
    <fieldset className="chat-option-group">
      <legend>{translate(title)}</legend>
      <div className="chips">
        {options.map((o) => (
          <button key={o} type="button" className="chip" aria-pressed={isOn(o)} disabled={isDisabled?.(o) ?? false} onClick={() => onPick(o)}>{translate(o)}</button>
        ))}
      </div>
    </fieldset>
  );
}

const toggleIn = (list: string[], value: string) =>
  (list.includes(value) ? list.filter((v) => v !== value) : list.length >= MAX_MULTI ? list : [...list, value]);

/** The chat's quick-option chips (docs/product.md §10.4): base, flavour, sweetness, strength, extras. */
export function ChatOptions({ picks, onChange }: { picks: ChatPicks; onChange: (p: ChatPicks) => void }) {
  const { t } = useLingui();
  return (
    <details className="chat-options card">
      <summary>{t`Quick options`}</summary>
      <ChipGroup title={/*i18n*/ "Base"} options={CHAT_OPTIONS.base} isOn={(o) => picks.base === o} onPick={(o) => onChange({ ...picks, base: picks.base === o ? null : o })} />
      <ChipGroup title={/*i18n*/ "Flavor"} options={CHAT_OPTIONS.flavor} isOn={(o) => picks.flavors.includes(o)}
        isDisabled={(o) => !picks.flavors.includes(o) && picks.flavors.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, flavors: toggleIn(picks.flavors, o) })} />
      <ChipGroup title={/*i18n*/ "Sweetness"} options={CHAT_OPTIONS.sweetness} isOn={(o) => picks.sweetness === o} onPick={(o) => onChange({ ...picks, sweetness: o })} />
      <ChipGroup title={/*i18n*/ "Strength"} options={CHAT_OPTIONS.strength} isOn={(o) => picks.strength === o} onPick={(o) => onChange({ ...picks, strength: o })} />
      <ChipGroup title={/*i18n*/ "Extras"} options={CHAT_OPTIONS.extras} isOn={(o) => picks.extras.includes(o)}
        isDisabled={(o) => !picks.extras.includes(o) && picks.extras.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, extras: toggleIn(picks.extras, o) })} />
    </details>
  );
}
