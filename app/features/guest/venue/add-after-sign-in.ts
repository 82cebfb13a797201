// The drink a guest was adding when asked to sign in, put in the cart once they have (GuestSignInPage): loaded then,
// so the sign-in page's first download carries no cart code (docs/decisions/275).
import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { SignInReturn } from '../../auth/sign-in-flow';
import { setCartItem } from '../../orders/api';
import { toast } from '../../../ui/toast';

export async function addAfterSignIn(client: QueryClient, slug: string, add: NonNullable<SignInReturn['add']>) {
  const { name, ...item } = add;
  try {
    await setCartItem(client, slug, { ...item, mode: 'add' });
    toast.success(t`Added ${{ qty: item.qty }} × ${{ drink: name }} to cart`);
  } catch {
    toast.error(t`Failed to add to cart`);
  }
}
