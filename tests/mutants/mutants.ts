// The rules `npm run test:mutants` breaks on purpose (scripts/mutants.ts, docs/decisions/118).
// Each entry is one realistic bug: replace `search` (text that must occur EXACTLY ONCE in `file`,
// or the run reports "mutation not applicable") by `replace`, run only `tests`, and expect at least
// one of them to fail. A rule whose bug needs the same slip in two places lists the second in `also`.
//
// Adding a rule: copy an entry, pick a search text that names the rule's own code (not a comment
// that may be reworded), and list the fewest test files that pin it: each mutant costs one vitest
// start (~10 s) plus those files. Run `npx tsx scripts/mutants.ts --only <id>` to see it caught.
export type Edit = { file: string; search: string; replace: string };
export type Mutant = Edit & {
  /** Short, unique, kebab-case: `--only` takes it. */
  id: string;
  /** The rule a user depends on that this bug breaks. */
  rule: string;
  /** Further edits made together with the main one. */
  also?: Edit[];
  /** Test files (paths from the repo root) that must notice. */
  tests: string[];
};

export const editsOf = (m: Mutant): Edit[] => [{ file: m.file, search: m.search, replace: m.replace }, ...(m.also ?? [])];

const W = (name: string) => `tests/worker/${name}.test.ts`;

export const MUTANTS: Mutant[] = [
  // ---- one active order per guest per venue (docs/decisions/020) ----
  {
    id: 'one-active-index-not-unique',
    rule: 'the partial unique index makes placement atomic',
    // The index as migration round_while_ready last made it (solo orders; a table's rounds have their own).
    file: 'migrations/0020_round_while_ready.sql',
    search: 'CREATE UNIQUE INDEX `orders_one_active_uq`',
    replace: 'CREATE INDEX `orders_one_active_uq`',
    tests: [W('orders-placement')],
  },
  {
    id: 'active-order-precheck-removed',
    rule: 'placement refuses a second active order before touching anything',
    file: 'worker/orders/placement.ts',
    search: '  if (start.activeOrderId) return activeOrderExists();\n',
    replace: '',
    tests: [W('orders-placement')],
  },
  {
    id: 'ready-not-active',
    rule: "an order at 'ready' is still the guest's active order",
    file: 'migrations/0020_round_while_ready.sql',
    search: "WHERE status in ('pending','preparing','ready') and table_session_id is null;",
    replace: "WHERE status in ('pending','preparing') and table_session_id is null;",
    also: [{
      file: 'worker/orders/placement.ts',
      search: ': [...ACTIVE_ORDER_STATUSES])))',
      replace: ": ['pending', 'preparing'])))",
    }],
    tests: [W('orders-placement')],
  },

  {
    id: 'ready-not-in-one-active-index',
    rule: 'D1 itself refuses a second active order beside a ready one',
    file: 'migrations/0020_round_while_ready.sql',
    search: "WHERE status in ('pending','preparing','ready') and table_session_id is null;",
    replace: "WHERE status in ('pending','preparing') and table_session_id is null;",
    tests: [W('orders-placement')],
  },

  // ---- Idempotency-Key ----
  {
    id: 'replay-on-hash-mismatch',
    rule: 'a key reused with another body is refused, never answered with the first order',
    file: 'worker/orders/placement.ts',
    search: 'if (record.requestHash !== req.requestHash) {',
    replace: 'if (record.requestHash !== record.requestHash) {',
    tests: [W('orders-placement')],
  },
  {
    id: 'in-flight-reuse-answers-409',
    rule: 'a key arriving in flight with another body is 422 idempotency_key_reused, not 409 in flight',
    file: 'worker/live/venue-hub.ts',
    search: ": refuse(422, 'idempotency_key_reused',",
    replace: ": refuse(409, 'idempotency_in_flight',",
    tests: [W('orders-placement')],
  },

  // ---- money ----
  {
    id: 'tax-fixed-850bp',
    rule: "an order is taxed at its venue's rate",
    file: 'worker/orders/placement.ts',
    search: 'quantity: i.quantity })), req.taxRateBp);',
    replace: 'quantity: i.quantity })), 850);',
    tests: [W('orders-placement')],
  },
  {
    id: 'cart-total-without-tax',
    rule: "the cart's total includes the venue's tax",
    file: 'worker/orders/cart.ts',
    search: 'total_cents: totals.totalCents,',
    replace: 'total_cents: totals.subtotalCents,',
    tests: [W('cart-and-guest-orders')],
  },

  // ---- tenancy (docs/decisions/119) ----
  {
    id: 'admin-venue-from-query',
    rule: "an admin acts only on their token's venue, whatever restaurant_id they send",
    file: 'worker/auth/middleware.ts',
    search: "  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');",
    replace: "  const requested = c.req.query('restaurant_id');\n  if (caller.role === 'admin' && requested) return requested;\n  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');",
    tests: [W('tenancy-venue-choice')],
  },
  {
    id: 'staff-venue-from-query',
    rule: "staff act only on their token's venue, whatever restaurant_id they send",
    file: 'worker/auth/middleware.ts',
    search: "  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');",
    replace: "  const requested = c.req.query('restaurant_id');\n  if (caller.role === 'staff' && requested) return requested;\n  if (!caller.restaurantId) throw forbidden('No venue is linked to this account');",
    tests: [W('tenancy-venue-choice')],
  },

  // ---- order lifecycle and wait estimate (docs/decisions/023, 025) ----
  {
    id: 'delivered-back-to-pending',
    rule: 'delivered and cancelled are final',
    file: 'shared/orders.ts',
    search: '  if (!isActiveStatus(from)) return [];',
    replace: "  if (from === 'delivered') return ['pending'];\n  if (!isActiveStatus(from)) return [];",
    tests: [W('order-status')],
  },
  {
    id: 'eta-minutes-per-drink-changed',
    rule: 'the wait estimate a guest is shown',
    file: 'shared/orders.ts',
    search: 'export const ETA_MINUTES_PER_DRINK = 1.5;',
    replace: 'export const ETA_MINUTES_PER_DRINK = 3;',
    tests: [W('order-status')],
  },

  // ---- inventory (docs/decisions/061, 062) ----
  {
    id: 'no-sell-out-at-zero-supply',
    rule: 'a drink whose ingredient is at exactly 0 is sold out',
    file: 'worker/inventory/sold-out.ts',
    search: '    if (!item.ingredientId) continue;',
    replace: '    if (!item.ingredientId || item.quantity <= 0) continue;',
    tests: [W('inventory-staff')],
  },
  {
    id: 'stock-deducted-twice',
    rule: "an order's recipes leave stock once",
    file: 'worker/inventory/deduct.ts',
    search: '.where(and(eq(orders.id, orderId), isNull(orders.stockDeductedAt)))',
    replace: '.where(eq(orders.id, orderId))',
    tests: [W('inventory-staff')],
  },
  {
    id: 'stock-not-deducted-call-removed',
    rule: 'starting an order pours its recipes out of stock',
    file: 'worker/orders/transition.ts',
    search: 'const menuChanged = await pourRecipes(db, row.id, row.status, next.status, { eventId, at });',
    replace: 'const menuChanged = false;',
    tests: [W('inventory-staff')],
  },
  {
    id: 'stock-not-deducted-batch-skipped',
    rule: 'the deduction is written, not only computed',
    file: 'worker/inventory/deduct.ts',
    search: 'if (statements.length > 0) await db.batch(',
    replace: 'if (statements.length < 0) await db.batch(',
    tests: [W('inventory-staff')],
  },

  // ---- sign-in ----
  {
    id: 'otp-ten-tries',
    rule: 'a phone code dies after 5 wrong tries',
    file: 'worker/auth/otp.ts',
    search: 'export const OTP_MAX_ATTEMPTS = 5;',
    replace: 'export const OTP_MAX_ATTEMPTS = 10;',
    tests: [W('reliability-abuse')],
  },
  {
    id: 'refresh-reuse-keeps-family',
    rule: 'a reused refresh token revokes its whole family',
    file: 'worker/auth/sessions.ts',
    search: '      await revokeFamily(db, row.familyId);\n      clearRefreshCookie(c);\n',
    replace: '      clearRefreshCookie(c);\n',
    tests: [W('auth-staff')],
  },

  // ---- live ----
  {
    id: 'order-updated-not-sent-to-guest',
    rule: "the guest's screen hears their own order's status changes",
    file: 'worker/live/venue-hub.ts',
    search: '  if (subscriber.ownerKeys.includes(row.owner_key)) return event;',
    replace: "  if (subscriber.ownerKeys.includes(row.owner_key) && event.type !== 'order_updated') return event;",
    tests: [W('live')],
  },
  // ---- the live log in the venue's database (docs/decisions/154) ----
  {
    id: 'live-events-sent-as-answered',
    rule: 'events reach sockets in number order, whatever order the write batches answer in',
    file: 'worker/live/live-log.ts',
    search: '    this.early.set(event.seq, event);\n    this.drain();',
    replace: '    this.send(event);',
    tests: [W('live-log')],
  },
  {
    id: 'live-catch-up-sent-twice',
    rule: 'a reconnecting client gets each missed event once, not again from a delivery queued before it was accepted',
    file: 'worker/live/venue-hub.ts',
    search: '        if (subscriber.through !== undefined && row.seq <= subscriber.through) return;',
    replace: '',
    tests: [W('live-log'), W('reliability-live')],
  },

  // ---- AI grounding (docs/decisions/042) ----
  {
    id: 'grounding-ignores-is-available',
    rule: 'the AI never suggests a drink the admin switched off',
    file: 'worker/ai/grounding.ts',
    search: 'eq(menuDrinks.isAvailable, true), ',
    replace: '',
    tests: [W('ai-engine')],
  },
  {
    id: 'grounding-ignores-sold-out-reason',
    rule: 'the AI never suggests a sold-out drink',
    file: 'worker/ai/grounding.ts',
    search: ', isNull(menuDrinks.soldOutReason))',
    replace: ')',
    tests: [W('ai-engine')],
  },
  {
    id: 'grounding-ignores-zero-stock',
    rule: 'the AI never composes with an ingredient the venue has none of',
    file: 'worker/ai/grounding.ts',
    search: 'const inStock = item.available && item.quantity > 0;',
    replace: 'const inStock = item.available;',
    tests: [W('ai-engine')],
  },

  // ---- rules of the AI's trust and of live sessions (docs/decisions/100, 101, 102, 105) ----
  {
    id: 'drink-allergens-ignore-recipe',
    rule: "a drink's allergens are its recipe ingredients' allergens (plus the admin's own)",
    file: 'shared/drink-facts.ts',
    search: '  input.lines.forEach((line) => line.ingredient?.allergens.forEach(note));\n',
    replace: '',
    tests: [W('drink-facts')],
  },
  {
    id: 'alcohol-free-not-a-hard-filter',
    rule: 'a guest who says they do not drink is never offered alcohol',
    file: 'worker/ai/constraints.ts',
    search: "  if (c.alcoholFree && facts.containsAlcohol) broken.push('alcohol');\n",
    replace: '',
    tests: [W('ai-safety')],
  },
  // ---- the guest's own language (docs/decisions/168) ----
  {
    id: 'spanish-pregnancy-not-read',
    rule: 'a guest who says in Spanish that she is pregnant is never offered alcohol',
    file: 'worker/ai/languages/spanish.ts',
    search: "'embarazad*', ",
    replace: '',
    tests: [W('ai-eval')],
  },
  {
    id: 'unknown-language-guessed',
    rule: 'words in a language the bartender cannot read are asked about, never guessed',
    file: 'worker/ai/constraints.ts',
    search: '    if (reading.unreadable) unread = true;',
    replace: '    if (reading.unreadable) unread = false;',
    tests: [W('ai-languages')],
  },
  {
    id: 'model-reading-lifts-local',
    rule: "the model's reading of the guest's words can add a restriction, never remove one",
    file: 'worker/ai/constraints.ts',
    search: '  const alcoholFree = base.alcoholFree || extra.alcoholFree;',
    replace: '  const alcoholFree = extra.alcoholFree;',
    tests: [W('ai-languages')],
  },
  {
    id: 'ai-creation-of-another-guest',
    rule: "an order line cannot carry a recipe the server did not suggest to this guest",
    file: 'worker/orders/ai-creations.ts',
    search: 'if (!row || row.ownerKey !== input.ownerKey || row.kind === \'log\') {',
    replace: 'if (!row || row.kind === \'log\') {',
    tests: [W('ai-creation-orders')],
  },
  {
    id: 'cancel-keeps-stock',
    rule: 'a cancelled order gives back the stock it took',
    file: 'worker/orders/transition.ts',
    search: "if (to === 'cancelled') return (await restoreRecipeForOrder(db, orderId, cause)).soldOut.length > 0;",
    replace: "if (to === 'cancelled') return false;",
    tests: [W('ai-creation-orders'), W('inventory-staff')],
  },
  {
    id: 'ended-session-still-live',
    rule: 'a token of an ended session (logout, reset, disable) is refused',
    file: 'worker/auth/live-sessions.ts',
    search: 'const state = row && !row.disabled_at && row.family_live',
    replace: 'const state = row',
    tests: [W('attack-sessions')],
  },
  // ---- deployment guard and forged claims (docs/decisions/163) ----
  {
    id: 'deploy-guard-trusts-app-env',
    rule: 'a deployed Worker never runs with the committed key, whatever APP_ENV says',
    file: 'worker/deploy/deployment-guard.ts',
    search: "if (runtime.localDevelopment && env.APP_ENV === 'development') return null;",
    replace: "if (env.APP_ENV === 'development') return null;",
    tests: [W('deployment-guard')],
  },
  {
    id: 'token-role-not-checked-against-account',
    rule: "a token re-signed with another role or venue is refused: the account's are what count",
    file: 'worker/auth/middleware.ts',
    search: 'if (!account || !claimsMatchAccount(claims, account)) return null;',
    replace: 'if (!account) return null;',
    tests: [W('forged-claims')],
  },
  // ---- sign-in limits keyed on device, account and phone (docs/decisions/164, 165) ----
  {
    id: 'otp-sends-keyed-on-address',
    rule: "one guest's codes never use up the next guest's on the same Wi-Fi",
    file: 'worker/auth/routes.ts',
    search: '{ rule: OTP_SENDS_PER_DEVICE, subject: device },',
    replace: '{ rule: OTP_SENDS_PER_DEVICE, subject: clientKey(c) },',
    tests: [W('reliability-venue-wifi')],
  },
  {
    id: 'otp-phone-cap-per-device',
    rule: 'a phone gets at most 10 codes an hour, however many devices ask',
    file: 'worker/auth/routes.ts',
    search: 'await enforceRateLimit(c.env.DB, OTP_SENDS_PER_PHONE, phone, TOO_MANY_CODES);',
    replace: 'await enforceRateLimit(c.env.DB, OTP_SENDS_PER_PHONE, `${device}:${phone}`, TOO_MANY_CODES);',
    tests: [W('reliability-venue-wifi')],
  },
  {
    id: 'otp-wrong-guesses-not-capped-per-phone',
    rule: 'wrong codes for one phone are capped over every device and address',
    file: 'worker/auth/otp.ts',
    search: "  if (!byPhone.allowed) throw tooManyRequests(byPhone.retryAfterSeconds, 'Too many attempts. Please wait and try again.');\n",
    replace: '',
    tests: [W('reliability-venue-wifi')],
  },
  {
    id: 'login-lock-per-account-everywhere',
    rule: "wrong passwords lock an account for the client that sent them, not for everyone",
    file: 'worker/auth/login.ts',
    search: '[{ rule: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, subject: `${email}|address:${address}` }',
    replace: '[{ rule: LOGIN_FAILURES_PER_ACCOUNT_AND_CLIENT, subject: email }',
    tests: [W('reliability-venue-wifi')],
  },
  {
    id: 'known-device-not-recognised',
    rule: "the right password on a device that signed in before is never locked out by others' guesses",
    file: 'worker/auth/login.ts',
    search: 'loginCounters(email, clientKey(c), await knownDeviceOf(c, email))',
    replace: 'loginCounters(email, clientKey(c), null)',
    tests: [W('reliability-venue-wifi')],
  },
  // ---- platform figures from the rollups the venues' hubs keep (docs/decisions/151) ----
  {
    id: 'status-change-not-rolled-up',
    rule: "the platform's figures drop a cancelled order once the venue's hub has recomputed its day",
    file: 'worker/live/venue-hub.ts',
    search: '      await this.touchRollupDays(venueId, [utcDay(outcome.order.created_at)]);\n',
    replace: '',
    tests: [W('platform-rollups')],
  },

  // ---- attacks on stock, the cart and photos (docs/reliability.md §11, docs/decisions/162) ----
  {
    id: 'cancel-returns-every-pour',
    rule: 'a cancel gives back only what the order still holds, never a pour an earlier cancel gave back',
    file: 'worker/inventory/deduct.ts',
    search: "inArray(stockMovements.type, ['deduct', 'restore'])",
    replace: "eq(stockMovements.type, 'deduct')",
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'undo-pours-recipe-afresh',
    rule: 'Undo of a cancel pours again only what the cancel gave back',
    file: 'worker/orders/transition.ts',
    search: "    if (from === 'cancelled') return (await pourAgainAfterUndo(db, orderId, cause)).soldOut.length > 0;\n",
    replace: '',
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'recipe-poured-once-per-line',
    rule: 'an order of two of a drink pours its recipe twice',
    file: 'worker/inventory/deduct.ts',
    search: 'if (need) needs.push({ ingredientId: step.ingredientId, measure: need.measure, amount: need.amount * line.quantity });',
    replace: 'if (need) needs.push({ ingredientId: step.ingredientId, measure: need.measure, amount: need.amount });',
    tests: [W('inventory-staff')],
  },
  {
    id: 'cart-keeps-foreign-suggestion',
    rule: "a cart line keeps only the guest's own AI suggestion at the venue",
    file: 'worker/orders/cart.ts',
    search: 'aiInteractionId: suggestionId ?? existing?.aiInteractionId ?? null,',
    replace: 'aiInteractionId: input.ai_interaction_id ?? existing?.aiInteractionId ?? null,',
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'checkout-referred-by-foreign-suggestion',
    rule: "a checkout is AI-referred only by the guest's own suggestion, whatever its cart holds",
    file: 'worker/orders/placement.ts',
    search: 'const suggestedLine = suggested.find((c) => ownSuggestions?.has(c.aiInteractionId!));',
    replace: 'const suggestedLine = suggested[0];',
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'photo-deleted-while-in-use',
    rule: 'a photo a drink or the venue still shows is never deleted',
    file: 'worker/admin/images.ts',
    search: 'if (drinks.length === 0 && venue.length === 0) await deleteOwnedImage(env, venueId, url);',
    replace: 'await deleteOwnedImage(env, venueId, url);',
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'disabled-account-session-live',
    rule: "a disabled account's session is refused even when its refresh family is still live",
    file: 'worker/auth/live-sessions.ts',
    search: '!row.disabled_at && row.family_live',
    replace: 'row.family_live',
    tests: [W('attack-stock-cart-photos')],
  },
  {
    id: 'newer-guest-token-trusts-cache',
    rule: 'a guest token issued after the cached session answer is checked again',
    file: 'worker/auth/live-sessions.ts',
    search: 'const answerOlderThanToken = hit !== undefined && hit.value !== wanted && hit.at <= (ref.issuedAtMs ?? 0) + 1_000;',
    replace: 'const answerOlderThanToken = false;',
    tests: [W('attack-stock-cart-photos')],
  },

  // ---- a super admin's venue choice, live socket caps, first-order floods (docs/reliability.md §12) ----
  {
    id: 'named-venue-kept-as-sent',
    rule: "a super admin's restaurant_id by slug acts on the venue's id (its rows, photos, queue and audit entries)",
    file: 'worker/auth/middleware.ts',
    search: "c.set('namedVenueId', venue.id);",
    replace: "c.set('namedVenueId', named);",
    tests: [W('tenancy-venue-choice')],
  },
  {
    id: 'live-sockets-uncapped-per-session',
    rule: 'one device or staff sign-in keeps at most LIVE_SOCKETS_PER_SESSION live sockets at a venue, the oldest closed first',
    file: 'worker/live/venue-hub.ts',
    search: '    this.closeOldestBeyond(sessionTag, LIVE_SOCKETS_PER_SESSION);\n',
    replace: '',
    tests: [W('live-socket-caps')],
  },
  {
    id: 'first-orders-counted-once-placed',
    rule: 'a venue takes at most FIRST_ORDERS_PER_VENUE first orders from new anonymous devices per window, even when they arrive together',
    file: 'worker/orders/first-orders.ts',
    search: 'if (admitted.length + this.placing < FIRST_ORDERS_PER_VENUE)',
    replace: 'if (admitted.length < FIRST_ORDERS_PER_VENUE)',
    tests: [W('order-flood')],
  },
  {
    id: 'unclaimed-includes-touched-orders',
    rule: '"Clear unclaimed" never cancels an order the bar has had in hand (a recalled one)',
    file: 'worker/orders/unclaimed.ts',
    search: "\n  and not exists (select 1 from order_events e where e.order_id = o.id and e.actor_type <> 'guest')",
    replace: '',
    tests: [W('order-flood')],
  },
];
