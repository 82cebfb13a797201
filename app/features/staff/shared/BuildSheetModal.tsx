import type { ReactNode } from 'react';
import { GlassFacts } from '../../../ui/GlassFacts';
import { Modal } from '../../../ui/Modal';
import { LineModifiers } from '../../../ui/LineModifiers';
import type { ChosenModifier } from '../../../../shared/schemas/modifiers';

export type BuildStep = { ingredient: string; quantity: number; unit: string; optional: boolean };
export type BuildDrink = {
  key: string; name: string; quantity: number; notes?: string | null; modifiers?: string | null; steps: BuildStep[] | null;
  /** The options chosen (docs/decisions/197), shown above the steps. */
  modifierChoices?: readonly ChosenModifier[];
  /** What is in the glass, when known (an order line carries it, docs/decisions/238). */
  allergens?: readonly string[]; containsAlcohol?: boolean;
};

const formatQuantity = (quantity: number) => (Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(2).replace(/0+$/, '').replace(/\.$/, ''));

/**
 * The bartender's build sheet: each drink with its recipe steps (ingredient, quantity, unit, optional) and what is
 * in its glass; `note` is the order's guest constraint, shown above the drinks it concerns (docs/decisions/189).
 */
export function BuildSheetModal({ title, drinks, onClose, note }: { title: string; drinks: BuildDrink[]; onClose: () => void; note?: ReactNode }) {
  return (
    <Modal title={title} onClose={onClose} actions={<button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>Close</button>}>
      <div className="stack build-sheet">
        {note}
        {drinks.map((drink) => (
          <section key={drink.key} aria-label={`Build sheet for ${drink.name}`}>
            <h3>{drink.quantity} × {drink.name}</h3>
            <LineModifiers choices={drink.modifierChoices} text={drink.modifiers} />
            {drink.notes && <p className="muted">Notes: {drink.notes}</p>}
            {drink.allergens && <GlassFacts allergens={drink.allergens} containsAlcohol={drink.containsAlcohol ?? true} />}
            {drink.steps && drink.steps.length > 0 ? (
              <ol className="build-steps">
                {drink.steps.map((step, i) => (
                  <li key={`${step.ingredient}-${i}`}>
                    <span className="build-step-ingredient">{step.ingredient}</span>{' '}
                    <span className="build-step-quantity">{formatQuantity(step.quantity)} {step.unit}</span>
                    {step.optional && <span className="badge badge-info">optional</span>}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">No recipe on file for this drink.</p>
            )}
          </section>
        ))}
      </div>
    </Modal>
  );
}
