import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatCents } from '../../../../shared/money';
import { defaultSelection, formatPriceDelta, resolveModifiers } from '../../../../shared/modifiers';
import type { MenuModifierGroup } from '../../../../shared/schemas/modifiers';
import { refusalText } from '../../../i18n/i18n';

/** What the guest has chosen, as the drink page's Add needs it; `problem` says what is missing, else null. */
export type ModifierChoice = { ids: string[]; priceDeltaCents: number; label: string | null; problem: string | null };

/**
 * A drink's modifier groups on its page (docs/decisions/197): a choose-one group is a set of radio buttons, a
 * choose-any group a set of checkboxes, each option with its price change. It reports the choice with the price the
 * server will charge (the same shared/modifiers.ts check); the server's answer is what counts. Its own chunk: only
 * drinks with options download it, and the drink page stays in its budget (docs/decisions/219).
 */
export default function ModifierPicker({ drinkName, groups, onChange }: { drinkName: string; groups: MenuModifierGroup[]; onChange: (choice: ModifierChoice) => void }) {
  const { t } = useLingui();
  const [selected, setSelected] = useState<string[]>(() => defaultSelection(groups));
  useEffect(() => {
    const resolved = resolveModifiers(drinkName, groups, selected);
    onChange(resolved.ok
      ? { ids: selected, priceDeltaCents: resolved.priceDeltaCents, label: resolved.label, problem: null }
      : { ids: selected, priceDeltaCents: 0, label: null, problem: refusalText(resolved.code, resolved.message, resolved.details) });
  }, [drinkName, groups, selected, onChange]);

  const toggle = (group: MenuModifierGroup, optionId: string, on: boolean) => setSelected((current) => {
    const others = group.kind === 'one' ? current.filter((id) => !group.options.some((o) => o.id === id)) : current.filter((id) => id !== optionId);
    return on ? [...others, optionId] : others;
  });
  return (
    <div className="modifier-groups">
      {groups.map((group) => (
        <fieldset key={group.id} className="modifier-group">
          <legend>
            {group.name}
            {group.required || group.kind === 'one' ? ' ' : null}
            <span className="muted">{group.required ? (group.kind === 'one' ? t`· choose one` : t`· choose at least one`) : group.kind === 'one' ? t`· optional` : ''}</span>
          </legend>
          {group.options.map((option) => {
            const checked = selected.includes(option.id);
            const delta = formatPriceDelta(option.price_delta_cents, formatCents);
            return (
              <label key={option.id} className="modifier-option">
                <input
                  type={group.kind === 'one' ? 'radio' : 'checkbox'}
                  name={`modifier-${group.id}`}
                  checked={checked}
                  // A choose-one group that is not required can be cleared by pressing its chosen option again.
                  onClick={group.kind === 'one' && !group.required && checked ? () => toggle(group, option.id, false) : undefined}
                  onChange={(e) => toggle(group, option.id, e.target.checked)}
                />
                <span>{option.name}</span>
                {delta && <span className="modifier-delta">{delta}</span>}
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
