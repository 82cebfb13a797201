import { ImagePlus } from 'lucide-react';
import { useState, type CSSProperties, type FormEvent } from 'react';
import type { VenueProfileUpdate } from '../../../../shared/schemas/admin';
import { CONTENT_LANGUAGES, LANGUAGE_ENGLISH_NAMES, type ContentLanguage } from '../../../../shared/languages';
import { TaxRateBp, taxPercentToBp, type Venue } from '../../../../shared/schemas/venue';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useAdminVenue, useSaveVenue } from '../api';
import { ACCEPT_ATTRIBUTE, uploadPhoto } from '../image-upload';
import { StripeConnectionPanel } from '../payments/StripeConnectionPanel';
import { BusinessDayCard } from './BusinessDayCard';

type Form = {
  name: string; description: string; address: string; phone: string; opening_hours: string; timezone: string;
  primary: string; secondary: string; background: string; text: string; logo_url: string | null; cover_image_url: string | null; tax: string;
  handoff: Venue['handoff']; pickup_point: string; default_language: ContentLanguage; pay_first: boolean;
};
const COLOURS = [['primary', 'Primary'], ['secondary', 'Secondary'], ['background', 'Background'], ['text', 'Text']] as const;
const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
};

const formOf = (v: Venue): Form => ({
  name: v.name, description: v.description, address: v.address, phone: v.phone ?? '', opening_hours: v.opening_hours, timezone: v.timezone,
  ...v.theme_colors, logo_url: v.logo_url, cover_image_url: v.cover_image_url, tax: (v.tax_rate_bp / 100).toString(),
  handoff: v.handoff, pickup_point: v.pickup_point, default_language: v.default_language, pay_first: v.pay_first,
});

function PhotoField({ label, kind, value, onChange }: { label: string; kind: 'logo' | 'cover'; value: string | null; onChange: (url: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try { onChange(await uploadPhoto(file, kind)); } catch (err) { toast.error(`Photo upload failed: ${errorMessage(err, 'unknown error')}`); } finally { setBusy(false); }
  }
  return (
    <fieldset className="stack admin-fieldset">
      <legend>{label}</legend>
      <div className="row">
        {value ? <img src={value} alt="" className={kind === 'logo' ? 'admin-logo-preview' : 'admin-cover-preview'} /> : <span className="muted">None</span>}
        <label className="btn btn-small">
          <ImagePlus size={16} aria-hidden="true" /> {busy ? 'Uploading...' : value ? `Replace ${kind}` : `Upload ${kind}`}
          <input type="file" accept={ACCEPT_ATTRIBUTE} className="visually-hidden" aria-label={label} disabled={busy} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {value && <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange(null)}>Remove</button>}
      </div>
    </fieldset>
  );
}

export default function VenueProfilePage() {
  const venue = useAdminVenue();
  if (venue.isError) return <main className="page"><p role="alert">Failed to load venue data</p></main>;
  if (!venue.data) return <main className="page"><p className="muted">Loading venue...</p></main>;
  return <VenueProfileForm key={venue.data.id} venue={venue.data} />;
}

function VenueProfileForm({ venue }: { venue: Venue }) {
  const save = useSaveVenue();
  const [form, setForm] = useState<Form>(() => formOf(venue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  // The form as last loaded or saved: anything else is unsaved, and leaving asks first (docs/decisions/199).
  const [lastSaved, setLastSaved] = useState<Form>(() => formOf(venue));
  const leaving = useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(lastSaved));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!form.name.trim()) next.name = 'Name is required';
    const tax = TaxRateBp.safeParse(taxPercentToBp(form.tax));
    if (!tax.success) next.tax_rate_bp = tax.error.issues[0]!.message;
    if (!form.pickup_point.trim()) next.pickup_point = 'Pickup point is required, e.g. "at the bar"';
    setErrors(next);
    if (Object.keys(next).length) return;
    const body: VenueProfileUpdate = {
      name: form.name.trim(), description: form.description, address: form.address, phone: form.phone.trim() || null,
      opening_hours: form.opening_hours, timezone: form.timezone,
      theme_colors: { primary: form.primary, secondary: form.secondary, background: form.background, text: form.text },
      logo_url: form.logo_url, cover_image_url: form.cover_image_url, tax_rate_bp: tax.data!,
      handoff: form.handoff, pickup_point: form.pickup_point.trim(), default_language: form.default_language, pay_first: form.pay_first,
    };
    try {
      const saved = await save.mutateAsync(body);
      setForm(formOf(saved));
      setLastSaved(formOf(saved));
      toast.success('Venue profile saved');
    } catch (err) {
      if (err instanceof ApiRequestError && Array.isArray(err.details)) {
        setErrors(Object.fromEntries((err.details as { path: string; message: string }[]).map((d) => [d.path.split('.')[0]!, d.message])));
      }
      toast.error('Failed to save venue profile');
    }
  }

  const preview = { '--preview-primary': form.primary, '--preview-secondary': form.secondary, background: form.background, color: form.text } as CSSProperties;
  return (
    <main className="page stack">
      <h1>Venue Profile</h1>
      {leaving.pending && (
        <ConfirmDialog title="Leave without saving?" confirmLabel="Leave without saving" onCancel={leaving.stay} onConfirm={leaving.leave}>
          <p>Your changes to the venue profile are not saved. If you leave this page now, they are lost.</p>
        </ConfirmDialog>
      )}
      <div className="admin-profile-grid">
        <form className="card stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="vp-name">Name *</label>
            <input id="vp-name" value={form.name} onChange={(e) => set({ name: e.target.value })} aria-invalid={Boolean(errors.name)} />
            {errors.name && <p className="field-error" role="alert">{errors.name}</p>}
          </div>
          <div className="field">
            <label htmlFor="vp-description">Description</label>
            <textarea id="vp-description" rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </div>
          <div className="field"><label htmlFor="vp-address">Address</label><input id="vp-address" value={form.address} onChange={(e) => set({ address: e.target.value })} /></div>
          <div className="row admin-form-row">
            <div className="field"><label htmlFor="vp-phone">Phone</label><input id="vp-phone" type="tel" value={form.phone} onChange={(e) => set({ phone: e.target.value })} /></div>
            <div className="field">
              <label htmlFor="vp-tax">Tax rate (%)</label>
              <input id="vp-tax" type="number" min={0} max={30} step={0.01} value={form.tax} onChange={(e) => set({ tax: e.target.value })} aria-invalid={Boolean(errors.tax_rate_bp)} />
              {errors.tax_rate_bp && <p className="field-error" role="alert">{errors.tax_rate_bp}</p>}
            </div>
          </div>
          <div className="field"><label htmlFor="vp-hours">Opening hours</label><textarea id="vp-hours" rows={2} value={form.opening_hours} onChange={(e) => set({ opening_hours: e.target.value })} /></div>
          <div className="field">
            <label htmlFor="vp-timezone">Time zone</label>
            <select id="vp-timezone" value={form.timezone} onChange={(e) => set({ timezone: e.target.value })}>
              {[...new Set([form.timezone, 'UTC', ...zones()])].map((z) => <option key={z} value={z}>{z}</option>)}
            </select>
            {errors.timezone && <p className="field-error" role="alert">{errors.timezone}</p>}
          </div>
          {/* docs/decisions/217: guests reading another language see the Translations screen's approved words. */}
          <div className="field">
            <label htmlFor="vp-language">Menu language</label>
            <select id="vp-language" value={form.default_language} onChange={(e) => set({ default_language: e.target.value as ContentLanguage })} aria-describedby="vp-language-hint">
              {CONTENT_LANGUAGES.map((l) => <option key={l} value={l}>{LANGUAGE_ENGLISH_NAMES[l]}</option>)}
            </select>
            <p id="vp-language-hint" className="muted">The language your drinks are written in. Guests reading another language see them translated where you approved a translation (Translations).</p>
            {errors.default_language && <p className="field-error" role="alert">{errors.default_language}</p>}
          </div>
          {/* docs/product.md §4.12: what a guest with a ready order is told. */}
          <fieldset className="stack admin-fieldset">
            <legend>Hand-off</legend>
            <label className="check"><input type="radio" name="vp-handoff" checked={form.handoff === 'pickup'} onChange={() => set({ handoff: 'pickup' })} /> Guests collect their drinks</label>
            <label className="check"><input type="radio" name="vp-handoff" checked={form.handoff === 'table'} onChange={() => set({ handoff: 'table' })} /> Table service: orders from a table&apos;s QR code are brought to it</label>
            <div className="field">
              <label htmlFor="vp-pickup">Pickup point</label>
              <input id="vp-pickup" value={form.pickup_point} placeholder="at the bar" onChange={(e) => set({ pickup_point: e.target.value })} aria-invalid={Boolean(errors.pickup_point)} aria-describedby="vp-pickup-hint" />
              <p id="vp-pickup-hint" className="muted">Guests read &quot;Your drinks are ready for pickup {form.pickup_point.trim() || 'at the bar'}&quot;.</p>
              {errors.pickup_point && <p className="field-error" role="alert">{errors.pickup_point}</p>}
            </div>
          </fieldset>
          {/* docs/decisions/241: a solo order paid before it reaches the bar, or at the bar. */}
          <fieldset className="stack admin-fieldset" aria-describedby="vp-pay-hint">
            <legend>Solo orders</legend>
            <label className="check"><input type="radio" name="vp-pay" checked={form.pay_first} disabled={!venue.takes_cards} onChange={() => set({ pay_first: true })} /> Pay first: the guest pays by card, the order reaches the bar once the card is authorised</label>
            <label className="check"><input type="radio" name="vp-pay" checked={!form.pay_first} onChange={() => set({ pay_first: false })} /> Pay at the bar: the order goes straight to the bar, staff record its payment</label>
            <p id="vp-pay-hint" className="muted">{venue.takes_cards ? 'The card is charged when the bar accepts the order; a cancel before that charges nothing.' : 'Pay first needs a connected Stripe account.'}</p>
          </fieldset>
          <fieldset className="row admin-fieldset">
            <legend>Theme colours</legend>
            {COLOURS.map(([key, label]) => (
              <label key={key} className="stack admin-colour">
                {label}
                <input type="color" value={form[key]} onChange={(e) => set({ [key]: e.target.value } as Partial<Form>)} />
              </label>
            ))}
            {errors.theme_colors && <p className="field-error" role="alert">{errors.theme_colors}</p>}
          </fieldset>
          <PhotoField label="Logo" kind="logo" value={form.logo_url} onChange={(url) => set({ logo_url: url })} />
          <PhotoField label="Cover image" kind="cover" value={form.cover_image_url} onChange={(url) => set({ cover_image_url: url })} />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Profile'}</button>
        </form>
        <aside className="card stack admin-theme-preview" style={preview} aria-label="Live preview">
          {form.cover_image_url && <img src={form.cover_image_url} alt="" className="admin-cover-preview" />}
          <div className="row">
            {form.logo_url && <img src={form.logo_url} alt="" className="admin-logo-preview" />}
            <h2>{form.name || 'Your venue'}</h2>
          </div>
          <p>{form.description}</p>
          <p className="muted">{form.address}</p>
          <button type="button" className="btn admin-preview-primary" tabIndex={-1}>Add to Cart</button>
          <span className="badge admin-preview-secondary">Featured</span>
        </aside>
      </div>
      <BusinessDayCard venue={venue} />
      <StripeConnectionPanel />
    </main>
  );
}
