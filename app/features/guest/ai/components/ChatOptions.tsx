import { CHAT_OPTIONS } from '../../../../../shared/constants';

export type ChatPicks = {
  base: string | null;
  flavors: string[];
  sweetness: string;
  strength: string;
  extras: string[];
};

/** docs/product.md §6.4: sweetness defaults to balanced, strength to standard. */
export const DEFAULT_PICKS: ChatPicks = { base: null, flavors: [], sweetness: 'Balanced', strength: 'Standard', extras: [] };
const MAX_MULTI = 3;

export const hasPicks = (p: ChatPicks) =>
  p.base !== null || p.flavors.length > 0 || p.extras.length > 0 || p.sweetness !== DEFAULT_PICKS.sweetness || p.strength !== DEFAULT_PICKS.strength;

/** The guest message the picks stand for, e.g. "Something with Gin, citrus and herbal, dry, with mint". */
export function describePicks(p: ChatPicks): string {
  const parts: string[] = [];
  if (p.base === 'None') parts.push('no alcohol');
  else if (p.base) parts.push(p.base);
  if (p.flavors.length > 0) parts.push(p.flavors.map((f) => f.toLowerCase()).join(' and '));
  if (p.sweetness !== DEFAULT_PICKS.sweetness) parts.push(p.sweetness.toLowerCase());
  if (p.strength !== DEFAULT_PICKS.strength) parts.push(p.strength.toLowerCase());
  if (p.extras.length > 0) parts.push(`with ${p.extras.map((e) => e.toLowerCase()).join(' and ')}`);
  return `Suggest a drink: ${parts.join(', ')}`;
}

type GroupProps = { title: string; options: readonly string[]; isOn: (o: string) => boolean; isDisabled?: (o: string) => boolean; onPick: (o: string) => void };

function ChipGroup({ title, options, isOn, isDisabled, onPick }: GroupProps) {
  return (
    <fieldset className="chat-option-group">
      <legend>{title}</legend>
      <div className="chips">
        {options.map((o) => (
          <button key={o} type="button" className="chip" aria-pressed={isOn(o)} disabled={isDisabled?.(o) ?? false} onClick={() => onPick(o)}>{o}</button>
        ))}
      </div>
    </fieldset>
  );
}

const toggleIn = (list: string[], value: string) =>
  (list.includes(value) ? list.filter((v) => v !== value) : list.length >= MAX_MULTI ? list : [...list, value]);

/** The chat's quick-option chips (docs/product.md §10.4): base, flavour, sweetness, strength, extras. */
export function ChatOptions({ picks, onChange }: { picks: ChatPicks; onChange: (p: ChatPicks) => void }) {
  return (
    <details className="chat-options card">
      <summary>Quick options</summary>
      <ChipGroup title="Base" options={CHAT_OPTIONS.base} isOn={(o) => picks.base === o} onPick={(o) => onChange({ ...picks, base: picks.base === o ? null : o })} />
      <ChipGroup title="Flavor" options={CHAT_OPTIONS.flavor} isOn={(o) => picks.flavors.includes(o)}
        isDisabled={(o) => !picks.flavors.includes(o) && picks.flavors.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, flavors: toggleIn(picks.flavors, o) })} />
      <ChipGroup title="Sweetness" options={CHAT_OPTIONS.sweetness} isOn={(o) => picks.sweetness === o} onPick={(o) => onChange({ ...picks, sweetness: o })} />
      <ChipGroup title="Strength" options={CHAT_OPTIONS.strength} isOn={(o) => picks.strength === o} onPick={(o) => onChange({ ...picks, strength: o })} />
      <ChipGroup title="Extras" options={CHAT_OPTIONS.extras} isOn={(o) => picks.extras.includes(o)}
        isDisabled={(o) => !picks.extras.includes(o) && picks.extras.length >= MAX_MULTI} onPick={(o) => onChange({ ...picks, extras: toggleIn(picks.extras, o) })} />
    </details>
  );
}
