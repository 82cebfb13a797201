/**
 * What is in the glass, as every screen shows it (docs/decisions/101): the spec's 'Contains: ...'
 * allergens line, and 'Alcohol-free' when no ingredient carries alcohol.
 */
export function GlassFacts({ allergens, containsAlcohol }: { allergens: readonly string[]; containsAlcohol: boolean }) {
  if (allergens.length === 0 && containsAlcohol) return null;
  return (
    <>
      {allergens.length > 0 && <p className="allergens" role="note"><strong>Contains:</strong> {allergens.join(', ')}</p>}
      {!containsAlcohol && <p className="badge badge-success alcohol-free">Alcohol-free</p>}
    </>
  );
}
