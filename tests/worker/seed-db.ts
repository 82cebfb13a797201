// Test helper: loads the demo data into a workerd D1 binding (the same statements as scripts/seed.ts).
import { buildSeedStatements } from '../../worker/db/seed/build-seed';

/** Statements per db.batch call: keeps each batch well inside D1's per-call limits. */
const STATEMENTS_PER_BATCH = 50;

export async function seedDatabase(db: D1Database, now = new Date()): Promise<void> {
  const statements = await buildSeedStatements({ now });
  for (let start = 0; start < statements.length; start += STATEMENTS_PER_BATCH) {
    const chunk = statements.slice(start, start + STATEMENTS_PER_BATCH);
    await db.batch(chunk.map((statement) => db.prepare(statement)));
  }
  // The demo's pay-first venue (docs/decisions/241) pays at the bar here, with no Stripe account: the suites order solo
  // at every venue and connect accounts themselves; tests/worker/pay-first.test.ts turns it on where it tests it.
  await db.prepare('UPDATE venues SET pay_first = 0, stripe_account_id = NULL, stripe_charges_enabled = 0, stripe_payouts_enabled = 0').run();
}
