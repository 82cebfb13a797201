import { useId, useState, type FormEvent } from 'react';
import { CONTENT_LANGUAGES, LANGUAGE_ENGLISH_NAMES, type ContentLanguage } from '../../../../shared/languages';
import type { AdminTranslationDrink, AdminVenueTexts } from '../../../../shared/schemas/translations';
import { errorMessage } from '../../../lib/api-client';
import { errorProps, fieldErrorsOf, type FieldErrors } from '../../../lib/field-errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { useApproveTranslation, useDraftWithAi, useRemoveTranslation, useRemoveVenueTexts, useSaveTranslation, useSaveVenueTexts, useTranslations } from './api';

const STATE_LABELS: Record<AdminTranslationDrink['state'], { text: string; badge: string }> = {
  translated: { text: 'Translated', badge: 'badge badge-success' },
  draft: { text: 'Draft: not shown to guests', badge: 'badge badge-info' },
  incomplete: { text: 'Needs a description: guests see the original', badge: 'badge badge-danger' },
  missing: { text: 'Not translated', badge: 'badge badge-danger' },
};

/**
 * Admin "Translations" (docs/decisions/217): the venue's drinks in one language at a time. Guests reading that
 * language see a drink translated once its translation is approved; any other drink shows whole in the menu's
 * language. "Draft with AI" asks Workers AI for drafts of the missing ones when Barhop runs on Cloudflare.
 */
export default function TranslationsPage() {
  // Until the admin picks one, the server shows the first language other than the menu's own.
  const [picked, setPicked] = useState<ContentLanguage | null>(null);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const list = useTranslations(picked);
  const draft = useDraftWithAi();
  const own = list.data?.default_language;
  const lang = picked ?? list.data?.language ?? null;

  async function draftWithAi() {
    if (!lang) return;
    try {
      const result = await draft.mutateAsync(lang);
      toast.success(`${result.drafted} draft${result.drafted === 1 ? '' : 's'} ready to review${result.remaining > 0 ? `; ${result.remaining} still to draft` : ''}`);
    } catch (err) {
      toast.error(errorMessage(err, 'AI drafts failed'));
    }
  }

  const data = list.data;
  const shown = data ? data.drinks.filter((d) => !onlyMissing || d.state !== 'translated') : [];
  const language = lang ? LANGUAGE_ENGLISH_NAMES[lang] : '';
  return (
    <main className="page stack">
      <h1>Translations</h1>
      <p className="muted">
        Guests who read another language see a drink in it once you approve its translation. Any other drink shows in the
        menu&apos;s language, name and description together.
      </p>
      <div className="row">
        <div className="field">
          <label htmlFor="translations-language">Language</label>
          <select id="translations-language" value={lang ?? ''} disabled={!lang} onChange={(e) => setPicked(e.target.value as ContentLanguage)}>
            {CONTENT_LANGUAGES.filter((l) => l !== own).map((l) => <option key={l} value={l}>{LANGUAGE_ENGLISH_NAMES[l]}</option>)}
          </select>
        </div>
        <label><input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only drinks guests see untranslated</label>
      </div>
      {list.isError ? <p role="alert">Failed to load the translations <button type="button" className="btn btn-small" onClick={() => void list.refetch()}>Try Again</button></p>
        : !data || !lang || data.language !== lang ? <p className="muted">Loading translations...</p>
          : (
            <>
              <section className="card stack" aria-label="Summary">
                <p>
                  {data.untranslated === 0
                    ? `Every drink has an approved ${language} translation.`
                    : `${data.untranslated} of ${data.drinks.length} drinks show in ${LANGUAGE_ENGLISH_NAMES[data.default_language]} to guests reading ${language}.`}
                </p>
                {data.ai_drafts.available
                  ? <div><button type="button" className="btn btn-primary" disabled={draft.isPending} onClick={() => void draftWithAi()}>{draft.isPending ? 'Drafting...' : 'Draft with AI'}</button></div>
                  : <p className="muted">{data.ai_drafts.note}</p>}
              </section>
              <VenueTextsForm key={`${lang}:${data.venue.translation?.description ?? ''}`} venue={data.venue} lang={lang} />
              {shown.length === 0 && <p className="muted">{onlyMissing ? 'Nothing left to translate.' : 'No drinks on the menu yet.'}</p>}
              {shown.map((drink) => <TranslationRow key={`${drink.id}:${lang}:${drink.translation?.updated_at ?? ''}`} drink={drink} lang={lang} />)}
            </>
          )}
    </main>
  );
}

function TranslationRow({ drink, lang }: { drink: AdminTranslationDrink; lang: ContentLanguage }) {
  const ids = useId();
  const save = useSaveTranslation();
  const approve = useApproveTranslation();
  const remove = useRemoveTranslation();
  const [name, setName] = useState(drink.translation?.name ?? '');
  const [description, setDescription] = useState(drink.translation?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const t = drink.translation;
  const dirty = name !== (t?.name ?? '') || description !== (t?.description ?? '');
  const state = STATE_LABELS[drink.state];
  const busy = save.isPending || approve.isPending || remove.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const result = await save.mutateAsync({ id: drink.id, lang, body: { name, description } });
      toast.success(result.changed ? `${drink.name}: translation saved` : `${drink.name}: nothing changed`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'Failed to save the translation') });
    }
  }

  async function run(action: 'approve' | 'remove') {
    try {
      await (action === 'approve' ? approve : remove).mutateAsync({ id: drink.id, lang });
      toast.success(action === 'approve' ? `${drink.name}: translation approved` : `${drink.name}: translation removed`);
    } catch (err) {
      toast.error(errorMessage(err, `Failed to ${action} the translation`));
    }
  }

  const error = (field: string) => errors[field] && <p className="field-error" role="alert" id={`${ids}-${field}-error`}>{errors[field]}</p>;
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} noValidate aria-label={drink.name}>
      <div className="row">
        <h2>{drink.name}</h2>
        <span className={state.badge}>{state.text}</span>
        {t?.source === 'ai' && <span className="badge badge-info">AI draft</span>}
      </div>
      {drink.description && <p className="muted">{drink.description}</p>}
      <div className="field">
        <label htmlFor={`${ids}-name`}>Name in {LANGUAGE_ENGLISH_NAMES[lang]}</label>
        <input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} {...errorProps(errors, 'name', `${ids}-name`)} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description in {LANGUAGE_ENGLISH_NAMES[lang]}</label>
        <textarea id={`${ids}-description`} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} {...errorProps(errors, 'description', `${ids}-description`)} />
        {error('description')}
      </div>
      {error('form')}
      <div className="row">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || (!dirty && t?.status === 'approved')}>Save</button>
        {t?.status === 'draft' && !dirty && <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run('approve')}>Approve</button>}
        {t && <button type="button" className="btn btn-small btn-ghost" disabled={busy} onClick={() => void run('remove')}>Remove</button>}
      </div>
    </form>
  );
}

/**
 * The venue's own description in the language shown (docs/decisions/265): guests reading that language read it on the
 * venue's menu and in the venue list at once; without it they read the description as written.
 */
function VenueTextsForm({ venue, lang }: { venue: AdminVenueTexts; lang: ContentLanguage }) {
  const ids = useId();
  const save = useSaveVenueTexts();
  const remove = useRemoveVenueTexts();
  const [description, setDescription] = useState(venue.translation?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const language = LANGUAGE_ENGLISH_NAMES[lang];
  const busy = save.isPending || remove.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const result = await save.mutateAsync({ lang, body: { description } });
      toast.success(result.changed ? `Venue description saved in ${language}` : 'Venue description: nothing changed');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'Failed to save the venue description') });
    }
  }

  async function removeIt() {
    try {
      await remove.mutateAsync(lang);
      setConfirming(false);
      toast.success(`Venue description in ${language} removed`);
    } catch (err) {
      setConfirming(false);
      toast.error(errorMessage(err, 'Failed to remove the venue description'));
    }
  }

  const error = (field: string) => errors[field] && <p className="field-error" role="alert" id={`${ids}-${field}-error`}>{errors[field]}</p>;
  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Venue description">
      <div className="row">
        <h2>Venue description</h2>
        <span className={venue.translation ? 'badge badge-success' : 'badge badge-danger'}>{venue.translation ? 'Translated' : 'Not translated'}</span>
      </div>
      {venue.description ? <p className="muted">{venue.description}</p> : <p className="muted">The venue has no description yet (Venue profile).</p>}
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description in {language}</label>
        <textarea id={`${ids}-description`} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} {...errorProps(errors, 'description', `${ids}-description`)} />
        {error('description')}
      </div>
      {error('form')}
      <div className="row">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy || description === (venue.translation?.description ?? '')}>Save</button>
        {venue.translation && <button type="button" className="btn btn-small btn-ghost" disabled={busy} onClick={() => setConfirming(true)}>Remove</button>}
      </div>
      {confirming && (
        <ConfirmDialog title={`Remove the ${language} description?`} confirmLabel="Remove" cancelLabel="Cancel" busy={remove.isPending}
          onConfirm={() => void removeIt()} onCancel={() => setConfirming(false)}>
          <p>Guests reading {language} read the venue&apos;s own description again.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
