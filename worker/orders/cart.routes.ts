import { Hono } from 'hono';
import { z } from 'zod';
import { CartItemInput, VenueRef } from '../../shared/schemas/cart';
import { CheckoutInput } from '../../shared/schemas/order';
import { guestCaller, ownerKeyOf, requireGuest } from '../auth';
import type { AppContext } from '../env';
import { clearCart, putCartItem, readCart, removeCartItem } from './cart';
import { placementDetails, submitPlacement } from './submit';
import { validate } from '../lib/validate';
import { findActiveVenue } from '../venues';
import { venueDatabase } from '../shards';
import { keepsGuestReads } from '../menu';
import { checkCheckoutPayment, startCheckoutPayment } from './checkout';
import type { CheckoutPaymentCheckResponse, CheckoutPaymentResponse } from '../../shared/schemas/payments';

const venueOf = (ref: { slug: string }) => ref.slug;
const PaymentParam = z.object({ paymentId: z.string().min(1).max(100) });
const ItemKeyParam = z.object({ id: z.string().min(1).max(1000) });

/** The guest's cart at one venue (device session or guest account; identity from the token), on the venue's shard. */
export const cartRoutes = new Hono<AppContext>()
  .use(keepsGuestReads)
  .get('/', requireGuest, validate('query', VenueRef), async (c) => {
    const { db } = await venueDatabase(c.env, venueOf(c.req.valid('query')));
    const venue = await findActiveVenue(db, venueOf(c.req.valid('query')));
    return c.json({ cart: await readCart(db, ownerKeyOf(guestCaller(c)), venue) });
  })
  .post('/', requireGuest, validate('json', CartItemInput), async (c) => {
    const input = c.req.valid('json');
    const { db } = await venueDatabase(c.env, venueOf(input));
    const venue = await findActiveVenue(db, venueOf(input));
    const ownerKey = ownerKeyOf(guestCaller(c));
    await putCartItem(db, ownerKey, venue, input);
    return c.json({ cart: await readCart(db, ownerKey, venue) });
  })
  .post('/clear', requireGuest, validate('json', VenueRef), async (c) => {
    const { db } = await venueDatabase(c.env, venueOf(c.req.valid('json')));
    const venue = await findActiveVenue(db, venueOf(c.req.valid('json')));
    const ownerKey = ownerKeyOf(guestCaller(c));
    await clearCart(db, ownerKey, venue.id);
    return c.json({ cart: await readCart(db, ownerKey, venue) });
  })
  .post('/checkout', requireGuest, validate('json', CheckoutInput), async (c) => {
    const body = c.req.valid('json');
    return submitPlacement(c, {
      kind: 'checkout', venueRef: body.slug, body, lines: null,
      details: placementDetails(body, 'app', body.display_name || null),
    });
  })
  // A pay-first venue's checkout (docs/decisions/241): the cart's total authorised; the order is placed on Stripe's word.
  .post('/checkout/card', requireGuest, validate('json', CheckoutInput), async (c) =>
    c.json(await startCheckoutPayment(c, c.req.valid('json')) satisfies CheckoutPaymentResponse))
  // The payer's browser says the card form confirmed: the Worker asks Stripe and applies only its answer.
  .post('/checkout/card/:paymentId/check', requireGuest, validate('param', PaymentParam), async (c) =>
    c.json(await checkCheckoutPayment(c, c.req.valid('param').paymentId) satisfies CheckoutPaymentCheckResponse))
  .delete('/:id', requireGuest, validate('param', ItemKeyParam), validate('query', VenueRef), async (c) => {
    const { db } = await venueDatabase(c.env, venueOf(c.req.valid('query')));
    const venue = await findActiveVenue(db, venueOf(c.req.valid('query')));
    const ownerKey = ownerKeyOf(guestCaller(c));
    await removeCartItem(db, ownerKey, venue.id, c.req.valid('param').id);
    return c.json({ cart: await readCart(db, ownerKey, venue) });
  });
