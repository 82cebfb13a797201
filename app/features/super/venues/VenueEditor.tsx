import { useState, type FormEvent } from 'react';
import { DEFAULT_THEME } from '../../../../shared/constants';
import { slugify } from '../../../../shared/ids';
import { VenueCreateBody, VenueUpdateBody } from '../../../../shared/schemas/super';
import { taxPercentToBp, type Venue } from '../../../../shared/schemas/venue';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast';
import { useSaveVenue } from '../api';

type Form = {
  name: string; slug: string; description: string; address: string; phone: string; opening_hours: string; timezone: string;
  image_url: string; logo_url: string; cover_image_url: string; tax_percent: string; active: boolean;
  primary: string; secondary: string; background: string; text: string;
};

function formOf(venue: Venue | null): Form {
  const theme = venue?.theme_colors ?? DEFAULT_THEME;
  return {
    name: venue?.name ?? '', slug: venue?.slug ?? '', description: venue?.description ?? '', address: venue?.address ?? '',
    phone: venue?.phone ?? '', opening_hours: venue?.opening_hours ?? '', timezone: venue?.timezone ?? 'UTC',
    image_url: venue?.image_url ?? '', logo_url: venue?.logo_url ?? '', cover_image_url: venue?.cover_image_url ?? '',
    tax_percent: String((venue?.tax_rate_bp ?? 875) / 100), active: venue?.active ?? true,
    primary: theme.primary, secondary: theme.secondary, background: theme.background, text: theme.text,
  };
}

function bodyOf(form: Form) {
  return {
    name: form.name, slug: form.slug, description: form.description, address: form.address, phone: form.phone,
    opening_hours: form.opening_hours, timezone: form.timezone, image_url: form.image_url, logo_url: form.logo_url,
    cover_image_url: form.cover_image_url, tax_rate_bp: taxPercentToBp(form.tax_percent), active: form.active,
    theme_colors: { primary: form.primary, secondary: form.secondary, background: form.background, text: form.text },
  };
}

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** Spec: the venue editor behind Add Venue and each row's edit button — every venue field. */
export function VenueEditor({ venue, onClose }: { venue: Venue | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(() => formOf(venue));
  const [slugTouched, setSlugTouched] = useState(Boolean(venue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveVenue();

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => {
      const next = { ...f, [key]: value };
      if (key === 'name' && !slugTouched) next.slug = slugify(String(value));
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = bodyOf(form);
    const checked = (venue ? VenueUpdateBody : VenueCreateBody).safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    try {
      const { venue: saved } = await save.mutateAsync({ id: venue?.id ?? null, body });
      toast.success(venue ? `Venue ${saved.name} updated` : `Venue ${saved.name} created`);
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'slug_taken') setErrors({ slug: err.message });
      else setErrors({ form: errorMessage(err, 'Failed to save venue') });
    }
  }

  const field = (key: keyof Form, label: string, props: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`venue-${key}`}>{label}</label>
      <input
        id={`venue-${key}`} value={String(form[key])} onChange={(e) => set(key, e.target.value as never)}
        aria-invalid={Boolean(errors[key]) || undefined} aria-describedby={errors[key] ? `venue-${key}-error` : undefined} {...props}
      />
      {errors[key] && <p className="field-error" id={`venue-${key}-error`}>{errors[key]}</p>}
    </div>
  );

  return (
    <Modal title={venue ? `Edit ${venue.name}` : 'Add Venue'} onClose={onClose}>
      <form className="stack super-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="super-form-grid">
          {field('name', 'Name', { required: true, 'data-autofocus': true })}
          <div className="field">
            <label htmlFor="venue-slug">Slug</label>
            <input
              id="venue-slug" value={form.slug} required aria-describedby="venue-slug-hint"
              aria-invalid={Boolean(errors.slug) || undefined}
              onChange={(e) => { setSlugTouched(true); set('slug', e.target.value.toLowerCase()); }}
            />
            <p className="muted super-hint" id="venue-slug-hint">Lowercase letters, digits and hyphens; guests open /venue/{form.slug || 'slug'}</p>
            {errors.slug && <p className="field-error">{errors.slug}</p>}
          </div>
          {field('address', 'Address')}
          {field('phone', 'Phone', { type: 'tel' })}
          {field('opening_hours', 'Opening hours', { placeholder: 'Mon–Thu 4pm–12am, Fri–Sat 4pm–2am' })}
          <div className="field">
            <label htmlFor="venue-timezone">Time zone</label>
            <input id="venue-timezone" list="venue-timezones" value={form.timezone} onChange={(e) => set('timezone', e.target.value)} aria-invalid={Boolean(errors.timezone) || undefined} />
            <datalist id="venue-timezones">{TIME_ZONES.map((tz) => <option key={tz} value={tz} />)}</datalist>
            {errors.timezone && <p className="field-error">{errors.timezone}</p>}
          </div>
          {field('tax_percent', 'Tax rate (%)', { type: 'number', min: 0, max: 30, step: 0.01 })}
          {errors.tax_rate_bp && <p className="field-error">{errors.tax_rate_bp}</p>}
          {field('image_url', 'Image URL', { type: 'url' })}
          {field('logo_url', 'Logo URL', { type: 'url' })}
          {field('cover_image_url', 'Cover image URL', { type: 'url' })}
        </div>
        <div className="field">
          <label htmlFor="venue-description">Description</label>
          <textarea id="venue-description" rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
        </div>
        <fieldset className="super-colors">
          <legend>Theme colours</legend>
          {(['primary', 'secondary', 'background', 'text'] as const).map((key) => (
            <label key={key} className="super-color">
              <input type="color" value={form[key]} onChange={(e) => set(key, e.target.value)} />
              <span>{key[0]!.toUpperCase() + key.slice(1)}</span>
            </label>
          ))}
          {errors.theme_colors && <p className="field-error">{errors.theme_colors}</p>}
        </fieldset>
        <label className="super-check">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
          Active (guests can see and order from it; it can be impersonated)
        </label>
        {venue?.active && !form.active && (
          <p className="field-error" role="alert">Saving takes {venue.name} offline: guests can no longer open its menu or place orders, and nobody can impersonate it.</p>
        )}
        {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving...' : venue ? 'Save changes' : 'Create venue'}</button>
        </div>
      </form>
    </Modal>
  );
}
