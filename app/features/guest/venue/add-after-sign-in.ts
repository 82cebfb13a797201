// The drink a guest was adding when asked to sign in, put in the cart once they have (GuestSignInPage): loaded then,
// so the sign-in page's first download carries no cart code (docs/decisions/275).
export { setCartItem as addAfterSignIn } from '../../orders/api';
