import { allergenList } from '../../shared/content-words';
import type { Translate } from '../i18n/i18n';

const english: Translate = (id, values) => (values ? id.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : id);

/**
 * What is in the glass, as every screen shows it (docs/decisions/238): the spec's 'Contains: ...'
 * allergens line, 'May contain allergens we could not check: ...' for recipe lines no ingredient vouches for
 * (docs/decisions/238), and 'Alcohol-free' when no ingredient carries alcohol. Guest screens pass their `t`
 * (docs/decisions/217); the staff build sheet passes none and reads English.
 */
export function GlassFacts({ allergens, containsAlcohol, unchecked = [], t = english }: {
  allergens: readonly string[]; containsAlcohol: boolean; unchecked?: readonly string[]; t?: Translate;
}) {
  if (allergens.length === 0 && unchecked.length === 0 && containsAlcohol) return null;
  return (
    <>
      {allergens.length > 0 && <p className="allergens" role="note"><strong>{t(/*i18n*/ 'Contains:')}</strong> {allergenList(t, allergens)}</p>}
      {unchecked.length > 0 && (
        <p className="allergens allergens-unchecked" role="note">{t(/*i18n*/ 'May contain allergens we could not check: {ingredients}', { ingredients: unchecked.join(', ') })}</p>
      )}
      {!containsAlcohol && <p className="badge badge-success alcohol-free">{t(/*i18n*/ 'Alcohol-free')}</p>}
    </>
  );
}
