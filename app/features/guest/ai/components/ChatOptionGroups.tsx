// The chat's quick-option chips, inside its closed "Quick options" (./ChatOptions.tsx): loaded after the first paint
// (docs/decisions/275).
import { Sparkles } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { CHAT_OPTIONS } from '../../../../../shared/ai-options';
import { english, translate, useLocale, type Translate } from '../../../../i18n/i18n';
import { DEFAULT_PICKS, type ChatPicks } from './chat-picks';

const MAX_MULTI = 3;

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

/** The chips of each option: base, flavour, sweetness, strength, extras (docs/product.md §10.4). */
export function ChatOptionGroups({ picks, onChange }: { picks: ChatPicks; onChange: (p: ChatPicks) => void }) {
  return (
    <>
      <ChipGroup title={/*i18n*/ "Base"} options={CHAT_OPTIONS.base} isOn={(o) => picks.base === o} onPick={(o) => onChange({ ...picks, base: picks.base === o ? null : o })} />
      <ChipGroup title={/*i18n*/ "Flavor"} options={CHAT_OPTIONS.flavor} isOn={(o) => picks.flavors.includes(o)}
        isDisabled={(o) => !picks.flavors.includes(o) && picks.flavors.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, flavors: toggleIn(picks.flavors, o) })} />
      <ChipGroup title={/*i18n*/ "Sweetness"} options={CHAT_OPTIONS.sweetness} isOn={(o) => picks.sweetness === o} onPick={(o) => onChange({ ...picks, sweetness: o })} />
      <ChipGroup title={/*i18n*/ "Strength"} options={CHAT_OPTIONS.strength} isOn={(o) => picks.strength === o} onPick={(o) => onChange({ ...picks, strength: o })} />
      <ChipGroup title={/*i18n*/ "Extras"} options={CHAT_OPTIONS.extras} isOn={(o) => picks.extras.includes(o)}
        isDisabled={(o) => !picks.extras.includes(o) && picks.extras.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, extras: toggleIn(picks.extras, o) })} />
    </>
  );
}

/** "Suggest from my picks", shown once something is picked: sends the message the picks stand for. */
export function SuggestFromPicks({ picks, disabled, onSend }: { picks: ChatPicks; disabled: boolean; onSend: (message: string) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <button type="button" className="btn btn-block" disabled={disabled} onClick={() => onSend(describePicks(picks, translate, locale !== 'de'))}>
      <Sparkles aria-hidden="true" size={18} />{t`Suggest from my picks`}
    </button>
  );
}
