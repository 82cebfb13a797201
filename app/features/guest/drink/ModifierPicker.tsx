import { formatCents } from '../../../../shared/money';
import { formatPriceDelta } from '../../../../shared/modifiers';
import type { MenuModifierGroup } from '../../../../shared/schemas/modifiers';

/**
 * A drink's modifier groups on its page (docs/decisions/183): a choose-one group is a set of radio buttons, a
 * choose-any group a set of checkboxes, each option with its price change. The server prices what is chosen.
 */
export function ModifierPicker({ groups, selected, onChange }: { groups: MenuModifierGroup[]; selected: string[]; onChange: (next: string[]) => void }) {
  const toggle = (group: MenuModifierGroup, optionId: string, on: boolean) => {
    const others = group.kind === 'one' ? selected.filter((id) => !group.options.some((o) => o.id === id)) : selected.filter((id) => id !== optionId);
    onChange(on ? [...others, optionId] : others);
  };
  return (
    <div className="modifier-groups">
      {groups.map((group) => (
        <fieldset key={group.id} className="modifier-group">
          <legend>
            {group.name}
            <span className="muted">{group.required ? (group.kind === 'one' ? ' · choose one' : ' · choose at least one') : group.kind === 'one' ? ' · optional' : ''}</span>
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
