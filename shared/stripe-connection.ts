// A venue's Stripe connection in words (docs/decisions/244): the summary and what Stripe still needs, as the owner's
// Payments panel and the super admin's venue list read them.
import type { StripeConnectionState } from './schemas/stripe-connection';

export const STRIPE_CONNECTION_LABELS: Record<StripeConnectionState, string> = {
  not_connected: 'Not connected',
  incomplete: 'Setup incomplete',
  charges_enabled: 'Charges enabled',
};

/** The summary of an account: none, one that cannot charge yet, or one that can. */
export const stripeConnectionState = (accountId: string | null, chargesEnabled: boolean): StripeConnectionState =>
  !accountId ? 'not_connected' : chargesEnabled ? 'charges_enabled' : 'incomplete';

/** Stripe's requirement codes a venue meets most often, in words; any other is spelled out from its code. */
const REQUIREMENT_WORDS: Record<string, string> = {
  external_account: 'A bank account for payouts',
  'tos_acceptance.date': "Acceptance of Stripe's terms of service",
  'tos_acceptance.ip': "Acceptance of Stripe's terms of service",
  business_type: 'The type of business (company, individual, non-profit)',
  'business_profile.url': "The business's website",
  'business_profile.mcc': 'What the business sells (its industry)',
  'business_profile.product_description': 'A description of what the business sells',
  'business_profile.support_phone': 'A support phone number',
  'company.name': "The company's legal name",
  'company.tax_id': "The company's tax ID",
  'company.phone': "The company's phone number",
  'company.owners_provided': "The company's owners",
  'company.directors_provided': "The company's directors",
  'company.executives_provided': "The company's executives",
  'representative.first_name': "The representative's first name",
  'representative.last_name': "The representative's last name",
  'representative.email': "The representative's email",
  'representative.phone': "The representative's phone number",
  'representative.dob.day': "The representative's date of birth",
  'representative.dob.month': "The representative's date of birth",
  'representative.dob.year': "The representative's date of birth",
  'representative.ssn_last_4': 'The last 4 digits of the representative\'s Social Security number',
  'representative.id_number': "The representative's ID number",
  'representative.verification.document': "The representative's identity document",
  'individual.first_name': 'Your first name',
  'individual.last_name': 'Your last name',
  'individual.email': 'Your email',
  'individual.phone': 'Your phone number',
  'individual.dob.day': 'Your date of birth',
  'individual.dob.month': 'Your date of birth',
  'individual.dob.year': 'Your date of birth',
  'individual.ssn_last_4': 'The last 4 digits of your Social Security number',
  'individual.id_number': 'Your ID number',
  'individual.verification.document': 'Your identity document',
};

const ADDRESS_PARTS = /^(company|individual|representative)\.address\./;

/** What Stripe still needs, as the owner reads it: one line per thing, each said once, in Stripe's order. */
export function stripeRequirementWords(codes: readonly string[]): string[] {
  const words = codes.map((code) => {
    if (REQUIREMENT_WORDS[code]) return REQUIREMENT_WORDS[code];
    const address = ADDRESS_PARTS.exec(code);
    if (address) return address[1] === 'individual' ? 'Your address' : address[1] === 'company' ? "The company's address" : "The representative's address";
    // A person Stripe names by its id (person_…): asked what a representative is asked.
    const person = /^person_[A-Za-z0-9]+\.(.+)$/.exec(code);
    const asRepresentative = person ? REQUIREMENT_WORDS[`representative.${person[1]}`] : undefined;
    if (asRepresentative) return asRepresentative.replace("The representative's", "A person's").replace("the representative's", "a person's");
    const spelled = code.replace(/^person_[A-Za-z0-9]+\./, 'A person: ').replace(/[._]/g, ' ').trim();
    return spelled.charAt(0).toUpperCase() + spelled.slice(1);
  });
  return [...new Set(words)];
}

/** Why Stripe disabled the account's charges, in words (Stripe's `requirements.disabled_reason`). */
export function stripeDisabledReasonWords(reason: string | null): string | null {
  if (!reason) return null;
  if (reason === 'requirements.past_due') return 'Stripe needs the information below before the venue can take cards';
  if (reason === 'requirements.pending_verification') return 'Stripe is checking the information you gave';
  if (reason === 'under_review') return 'Stripe is reviewing the account';
  if (reason.startsWith('rejected.')) return 'Stripe rejected the account: contact Stripe support';
  if (reason === 'platform_paused') return 'Barhop paused card payments on this account';
  return `Stripe says: ${reason.replace(/[._]/g, ' ')}`;
}
