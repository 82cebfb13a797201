// A drink's options on its page in the guest's language (docs/decisions/265): the groups' hints and what is missing
// before Add are the app's words, said in Spanish; the group and option names are the venue's.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ModifierPicker, { type ModifierChoice } from '../../app/features/guest/drink/ModifierPicker';
import { activateLocale } from '../../app/i18n/i18n';
import type { MenuModifierGroup } from '../../shared/schemas/modifiers';
import { renderPage } from './render';

const option = (id: string, name: string) => ({ id, name, price_delta_cents: 0, allergens: [], contains_alcohol: false });
const groups = [
  { id: 'spirit', name: 'Spirit', kind: 'one', required: true, options: [option('gin', 'Gin'), option('vodka', 'Vodka')] },
  { id: 'garnish', name: 'Garnish', kind: 'any', required: true, options: [option('lime', 'Lime'), option('mint', 'Mint')] },
  { id: 'ice', name: 'Ice', kind: 'one', required: false, options: [option('rocks', 'Rocks')] },
] as MenuModifierGroup[];

afterEach(async () => {
  await activateLocale('en');
});

describe("a drink's options, read in Spanish", () => {
  it('hints each group and says what is missing before Add in Spanish', async () => {
    await activateLocale('es');
    const choices: ModifierChoice[] = [];
    renderPage(<ModifierPicker drinkName="Martini" groups={groups} onChange={(choice) => choices.push(choice)} />);
    expect(await screen.findByText('· elige uno')).toBeTruthy();
    expect(screen.getByText('· elige al menos uno')).toBeTruthy();
    expect(screen.getByText('· opcional')).toBeTruthy();
    expect(screen.queryByText(/choose/)).toBeNull();
    expect(choices.at(-1)?.problem).toBe('Elige al menos un Garnish para Martini');
  });
});
