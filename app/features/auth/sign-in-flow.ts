// What a guest's sign-in must not forget (docs/decisions/126): the code step across a reload, and where
// the guest was (and what they were adding) when sign-in was asked for. Kept in sessionStorage: this tab only.

export type SignInStep = { phone: string; demoCode: string | null };
import type { CartItemInput } from '../../../shared/schemas/cart';

/**
 * `add`: the cart line the guest was adding (a drink page's, or an AI suggestion's, docs/decisions/238), put in the
 * cart once signed in; `name` is what the toast calls it.
 */
export type SignInReturn = { returnTo: string; add?: Omit<CartItemInput, 'slug' | 'mode'> & { name: string } };

const stepKey = (slug: string) => `barhop.sign_in_step.${slug}`;
const returnKey = (slug: string) => `barhop.sign_in_return.${slug}`;

function read<T>(key: string): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the flow still works, it only forgets on reload.
  }
}

export const savedSignInStep = (slug: string) => read<SignInStep>(stepKey(slug));
export const saveSignInStep = (slug: string, step: SignInStep | null) => write(stepKey(slug), step);

export const rememberSignInReturn = (slug: string, target: SignInReturn) => write(returnKey(slug), target);
/** The place to go back to after signing in, once: it is forgotten as it is read. */
export function takeSignInReturn(slug: string): SignInReturn | null {
  const target = read<SignInReturn>(returnKey(slug));
  write(returnKey(slug), null);
  return target;
}
