import { Hono } from 'hono';
import { AiDraftsInput, TranslationInput, TranslationParams, TranslationsQuery, VenueTextsInput, VenueTextsParams } from '../../shared/schemas/translations';
import { describeWrite } from '../audit';
import { requireAdmin, scopedVenueId } from '../auth';
import type { AppContext } from '../env';
import { validate } from '../lib/validate';
import { changesVenueMenu } from './menu-changes';
import { keepGuestReadsThisTime } from './read-cache';
import { scopedVenueDatabase } from '../shards';
import {
  approveTranslation, deleteTranslation, deleteVenueTexts, draftMissingTranslations, languageName, listTranslations, saveTranslation, saveVenueTexts,
} from './translation-edits';

/**
 * The admin's translations of the venue's drinks (docs/decisions/217, docs/product.md §11.14). A write here changes
 * what guests read in that language like a menu edit does: the isolate's menu reads are dropped (dropReadCacheOnWrite)
 * and open guest screens are told (changesVenueMenu). A save that changes nothing does neither.
 */
export const adminTranslationRoutes = new Hono<AppContext>()
  .use(changesVenueMenu)
  .use(requireAdmin)
  .get('/', validate('query', TranslationsQuery), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    return c.json(await listTranslations(db, scopedVenueId(c), c.req.valid('query').lang, Boolean(c.env.AI)));
  })
  .post('/ai-drafts', validate('json', AiDraftsInput), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { lang } = c.req.valid('json');
    const result = await draftMissingTranslations(db, c.env.AI, scopedVenueId(c), lang);
    if (result.drafted === 0) keepGuestReadsThisTime(c);
    describeWrite(c, {
      action: 'translation.ai_drafts', targetType: 'venue', targetId: scopedVenueId(c),
      summary: `Drafted ${result.drafted} ${languageName(lang)} translation${result.drafted === 1 ? '' : 's'} with AI`, after: { language: lang, ...result },
    });
    return c.json(result);
  })
  // The venue's own texts (docs/decisions/265), before '/:id/:lang' so 'venue' is never read as a drink's id.
  .put('/venue/:lang', validate('param', VenueTextsParams), validate('json', VenueTextsInput), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { lang } = c.req.valid('param');
    const { venue, before, translation, changed } = await saveVenueTexts(db, scopedVenueId(c), lang, c.req.valid('json'));
    if (!changed) keepGuestReadsThisTime(c);
    describeWrite(c, {
      action: 'translation.venue_update', targetType: 'venue', targetId: scopedVenueId(c),
      summary: changed ? `Translated the description of ${venue.name} into ${languageName(lang)}` : `Saved the ${languageName(lang)} description of ${venue.name} unchanged`,
      ...(changed ? { before, after: translation } : {}),
    });
    return c.json({ translation, changed });
  })
  .delete('/venue/:lang', validate('param', VenueTextsParams), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { lang } = c.req.valid('param');
    const { venue, before } = await deleteVenueTexts(db, scopedVenueId(c), lang);
    describeWrite(c, {
      action: 'translation.venue_delete', targetType: 'venue', targetId: scopedVenueId(c),
      summary: `Removed the ${languageName(lang)} description of ${venue.name}`, before,
    });
    return c.json({ success: true });
  })
  .put('/:id/:lang', validate('param', TranslationParams), validate('json', TranslationInput), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { id, lang } = c.req.valid('param');
    const { drink, before, translation, changed } = await saveTranslation(db, scopedVenueId(c), id, lang, c.req.valid('json'));
    if (!changed) keepGuestReadsThisTime(c);
    const words = (t: typeof before) => (t ? { name: t.name, description: t.description, status: t.status } : null);
    describeWrite(c, {
      action: 'translation.update', targetType: 'menu_drink', targetId: drink.id,
      summary: changed ? `Translated ${drink.name} into ${languageName(lang)}` : `Saved the ${languageName(lang)} translation of ${drink.name} unchanged`,
      ...(changed ? { before: words(before), after: words(translation) } : {}),
    });
    return c.json({ translation, changed });
  })
  .post('/:id/:lang/approve', validate('param', TranslationParams), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { id, lang } = c.req.valid('param');
    const { drink, translation, changed } = await approveTranslation(db, scopedVenueId(c), id, lang);
    if (!changed) keepGuestReadsThisTime(c);
    describeWrite(c, {
      action: 'translation.approve', targetType: 'menu_drink', targetId: drink.id,
      summary: `Approved the ${languageName(lang)} translation of ${drink.name}`,
      ...(changed ? { before: { status: 'draft' }, after: { status: 'approved' } } : {}),
    });
    return c.json({ translation, changed });
  })
  .delete('/:id/:lang', validate('param', TranslationParams), async (c) => {
    const { db } = await scopedVenueDatabase(c);
    const { id, lang } = c.req.valid('param');
    const { drink, before } = await deleteTranslation(db, scopedVenueId(c), id, lang);
    describeWrite(c, {
      action: 'translation.delete', targetType: 'menu_drink', targetId: drink.id,
      summary: `Removed the ${languageName(lang)} translation of ${drink.name}`, before: { name: before.name, description: before.description, status: before.status },
    });
    return c.json({ success: true });
  });
