/**
 * What is in the glass, as every screen shows it (docs/decisions/101): the spec's 'Contains: ...'
 * allergens line, 'May contain allergens we could not check: ...' for recipe lines no ingredient vouches for
 * (docs/decisions/187), and 'Alcohol-free' when no ingredient carries alcohol.
 */
export function GlassFacts({ allergens, containsAlcohol, unchecked = [] }: { allergens: readonly string[]; containsAlcohol: boolean; unchecked?: readonly string[] }) {
  if (allergens.length === 0 && unchecked.length === 0 && containsAlcohol) return null;
  return (
    <>
      {allergens.length > 0 && <p className="allergens" role="note"><strong>Contains:</strong> {allergens.join(', ')}</p>}
      {unchecked.length > 0 && (
        <p className="allergens allergens-unchecked" role="note">May contain allergens we could not check: {unchecked.join(', ')}</p>
      )}
      {!containsAlcohol && <p className="badge badge-success alcohol-free">Alcohol-free</p>}
    </>
  );
}
