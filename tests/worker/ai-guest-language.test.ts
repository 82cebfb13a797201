// The AI bartender in the guest's language, over a whole conversation (docs/decisions/254), through POST /api/ai/chat
// as the guest's app calls it: every sentence in the language the guest writes in, drink names and descriptions as
// the menu shows them in it, constraints held for the whole chat, a follow-up refining the last suggestion, and a
// reply that never offers a drink as if it did what it just said it cannot do.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { AiSuggestion, ChatInput, type ChatMessage } from '../../shared/schemas/ai';
import { drinkText, loadGrounding } from '../../worker/ai/grounding';
import { levelOf as levelOnScale } from '../../worker/ai/refinement';
import { chatRequest } from '../../worker/ai/requests';
import { runSuggestion, toWireSuggestion } from '../../worker/ai/suggestion-service';
import { buildSystemPrompt, createWorkersAiBackend } from '../../worker/ai/workers-ai';
import * as schema from '../../worker/db/schema';
import { replyLanguage } from '../../worker/ai/languages/reply-language';
import { withArticle } from '../../worker/ai/local-engine';
import { call, expectApiError } from './helpers';
import { guestToken } from './order-helpers';

type Drink = { id: string; name: string; sweetness: string | null; strength: string | null; contains_alcohol: number; tags: string };
const LEVEL: Record<string, Record<string, number>> = { sweetness: { Dry: 0, Balanced: 1, Sweet: 2 }, strength: { Light: 0, Standard: 1, Bold: 2 } };
const drinkOf = (id: string | null) => env.DB.prepare('SELECT id, name, sweetness, strength, contains_alcohol, tags FROM menu_drinks WHERE id = ?').bind(id).first<Drink>();
const levelOf = (drink: Drink, axis: 'sweetness' | 'strength') => LEVEL[axis]![drink[axis] ?? ''] ?? 1;

/** A chat as the app holds it: each turn sends the conversation so far, the suggestion's name and drink with its reply. */
async function converse(slug: string, turns: string[], lang?: string) {
  const { token } = await guestToken();
  const messages: ChatMessage[] = [];
  const replies: AiSuggestion[] = [];
  for (const content of turns) {
    messages.push({ role: 'user', content });
    const res = await call('POST', '/api/ai/chat', { token, body: { slug, messages, ...(lang ? { lang } : {}) } });
    expect(res.status, res.text).toBe(200);
    const s = AiSuggestion.parse(res.json);
    replies.push(s);
    messages.push({ role: 'assistant', content: s.message, suggestion: { name: s.previewName, menu_drink_id: s.menuDrinkId } });
  }
  return replies;
}

/**
 * Is the whole reply in `language`, with no sentence in English when the guest writes another language ("I'd go with
 * the Virgin Piña Colada. Sin alcohol." is mixed)? A short sentence alone can read as a neighbouring language
 * ("Tem fruta."), so only the whole reply is held to the language, and each sentence to not being English.
 */
function inLanguage(s: AiSuggestion, language: string) {
  const sentences = s.message.split(/(?<=[.!?])\s+/);
  const englishSentences = language === 'en' ? [] : sentences.filter((sentence) => replyLanguage(sentence, [s.previewName]) === 'en');
  return { whole: replyLanguage(s.message, [s.previewName]), englishSentences };
}

describe('the AI bartender over a conversation, in the guest\'s language', () => {
  it('Spanish: pregnant and fruity, then "algo un poco más dulce", stays alcohol-free and fruity, goes sweeter or says it cannot, in Spanish', async () => {
    const [first, second] = await converse('artisan-bar', ['Estoy embarazada, algo afrutado', 'algo un poco más dulce'], 'es');
    for (const s of [first!, second!]) {
      expect(s.contains_alcohol, s.message).toBe(false);
      expect(s.previewName).not.toMatch(/espresso/i);
      expect(inLanguage(s, 'es'), s.message).toEqual({ whole: 'es', englishSentences: [] });
      expect(s.message).toContain('Sin alcohol.');
    }
    const before = (await drinkOf(first!.menuDrinkId))!;
    const after = (await drinkOf(second!.menuDrinkId))!;
    expect(JSON.parse(after.tags).join(' '), second!.message).toMatch(/Tropical|Citrus|Berry/);
    if (second!.message.includes('no puedo hacerlo más dulce')) expect(after.id, second!.message).toBe(before.id);
    else expect(levelOf(after, 'sweetness'), second!.message).toBeGreaterThan(levelOf(before, 'sweetness'));
  });

  it('English: "sweeter" that cannot be had says so once and offers the same drink, never another as if it were sweeter', async () => {
    for (const slug of ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room']) {
      const [first, second] = await converse(slug, ['Something fruity', 'sweeter']);
      const before = (await drinkOf(first!.menuDrinkId))!;
      const after = second!.menuDrinkId ? (await drinkOf(second!.menuDrinkId))! : null;
      if (second!.message.includes("so I can't make it sweeter")) {
        expect(second!.message.match(/can't make it/g), second!.message).toHaveLength(1);
        expect(after?.id, `${slug}: ${second!.message}`).toBe(before.id);
        expect(second!.message).not.toContain("I'd go with");
      } else if (after) {
        expect(levelOf(after, 'sweetness'), `${slug}: ${second!.message}`).toBeGreaterThan(levelOf(before, 'sweetness'));
      }
    }
  });

  it('names and describes the drink as the menu shows it in the guest\'s language: the approved translation', async () => {
    const [s] = await converse('artisan-bar', ['Estoy embarazada, algo afrutado'], 'es');
    const translation = await env.DB.prepare("SELECT name, description FROM menu_drink_translations WHERE menu_drink_id = ? AND language = 'es' AND status = 'approved'")
      .bind(s!.menuDrinkId).first<{ name: string; description: string }>();
    expect(translation, `${s!.previewName} has an approved Spanish translation in the seed`).not.toBeNull();
    expect(s!.previewName).toBe(translation!.name);
    expect(s!.drink_name).toBe(translation!.name);
    expect(s!.description).toBe(translation!.description);
    expect(s!.message).toContain(translation!.name);
  });

  it('French, German, Italian and Portuguese: a constraint holds for the whole chat and the follow-up refines, each reply in its language', async () => {
    const chats: [string, string[], string][] = [
      ['fr', ['Je suis enceinte, quelque chose de fruité', 'moins fort'], 'Sans alcool.'],
      ['de', ['Ich bin schwanger, etwas Fruchtiges', 'ohne Eis'], 'Alkoholfrei.'],
      ['it', ['Sono incinta, qualcosa di fruttato', 'più dolce'], 'Senza alcol.'],
      ['pt', ['Estou grávida, algo frutado', 'mais doce'], 'Sem álcool.'],
    ];
    for (const [language, turns, alcoholFree] of chats) {
      const [first, second] = await converse('rooftop-lounge', turns);
      for (const s of [first!, second!]) {
        expect(s.contains_alcohol, `${language}: ${s.message}`).toBe(false);
        expect(s.message, language).toContain(alcoholFree);
        expect(inLanguage(s, language), `${language}: ${s.message}`).toEqual({ whole: language, englishSentences: [] });
      }
      // "ohne Eis" keeps the drink; the others move along the scale or keep it, saying they cannot.
      if (language === 'de') expect(second!.menuDrinkId).toBe(first!.menuDrinkId);
    }
  });

  it('a garnish with a plural name takes no article: "Ask for angostura drops on top"', async () => {
    expect(withArticle('angostura drops')).toBe('angostura drops');
    expect(withArticle('fresh raspberries')).toBe('fresh raspberries');
    expect(withArticle('orange twist')).toBe('an orange twist');
    expect(withArticle('lime wheel')).toBe('a lime wheel');
    for (const slug of ['artisan-bar', 'rooftop-lounge', 'harbor-tap-room']) {
      for (const text of ['Something fruity', 'something bitter', 'a whiskey drink', 'something with gin']) {
        const [s] = await converse(slug, [text]);
        expect(s!.message, `${slug} "${text}"`).not.toMatch(/Ask for an? [\w ]*[^s's]s on top/);
      }
    }
  });

  it('a conversation with a malformed earlier turn is refused with a clear 400 and stores nothing', async () => {
    const { token } = await guestToken();
    const bad = [
      [{ role: 'user', content: 'gin' }, { role: 'assistant', content: 'Try this', suggestion: { name: '', menu_drink_id: null } }, { role: 'user', content: 'sweeter' }],
      [{ role: 'bartender', content: 'hi' }, { role: 'user', content: 'sweeter' }],
      Array.from({ length: 41 }, () => ({ role: 'user', content: 'gin' })),
    ];
    for (const messages of bad) {
      const error = expectApiError(await call('POST', '/api/ai/chat', { token, body: { slug: 'artisan-bar', messages } }), 400);
      expect(error.code).toBe('invalid_request');
      expect(JSON.stringify(error.details)).toMatch(/messages/);
    }
  });
});

describe('Workers AI is told the guest\'s language and the follow-up, and its answer is checked for both', () => {
  const grounding = async (slug: string) => {
    const venue = (await env.DB.prepare('SELECT id, slug, name FROM venues WHERE slug = ?').bind(slug).first<{ id: string; slug: string; name: string }>())!;
    return loadGrounding(drizzle(env.DB, { schema }), venue);
  };
  const stubAi = (answers: unknown[]) => {
    let calls = 0;
    return { ai: { run: () => Promise.resolve({ response: JSON.stringify(answers[Math.min(calls++, answers.length - 1)]) }) } as unknown as Ai, calls: () => calls };
  };
  const reading = { allergens: [], alcoholFree: true, lightOnAlcohol: false };

  it('the prompt says the reply\'s language, names the drinks as the Spanish menu does, and says what the follow-up asks', async () => {
    const g = await grounding('artisan-bar');
    const colada = g.drinks.find((d) => d.name === 'Virgin Piña Colada')!;
    const spanishName = drinkText(g, colada, 'es').name;
    const messages = [
      { role: 'user', content: 'Estoy embarazada, algo afrutado' },
      { role: 'assistant', content: `Te recomiendo esto: ${spanishName}.`, suggestion: { name: spanishName, menu_drink_id: colada.id } },
      { role: 'user', content: 'algo un poco más dulce' },
    ];
    const prompt = buildSystemPrompt(chatRequest(ChatInput.parse({ slug: 'artisan-bar', messages })).request, g);
    expect(prompt).toContain('Write "reply" and "blurb" in Spanish');
    expect(prompt).toContain(`| ${spanishName} |`);
    expect(prompt).toContain(`something sweeter than the last suggestion, ${spanishName}`);
    expect(prompt).toContain('never offer another drink as if it were sweeter');
  });

  it('an English reply to a Spanish guest, or another drink offered for "más dulce", is refused: the local engine answers in Spanish', async () => {
    const g = await grounding('artisan-bar');
    const colada = g.drinks.find((d) => d.name === 'Virgin Piña Colada')!;
    const flatter = g.drinks.find((d) => !d.containsAlcohol && d.id !== colada.id && levelOnScale('sweetness', d.sweetness) <= levelOnScale('sweetness', colada.sweetness))!;
    const messages = [
      { role: 'user', content: 'Estoy embarazada, algo afrutado' },
      { role: 'assistant', content: 'Te recomiendo esto.', suggestion: { name: drinkText(g, colada, 'es').name, menu_drink_id: colada.id } },
      { role: 'user', content: 'algo un poco más dulce' },
    ];
    const request = chatRequest(ChatInput.parse({ slug: 'artisan-bar', messages, lang: 'es' })).request;
    const menu = (drinkId: string, reply: string) => ({ type: 'menu', menuDrinkId: drinkId, previewName: 'x', blurb: 'x', tags: [], recipe: [], reply, guestConstraints: reading });
    const { ai, calls } = stubAi([menu(colada.id, "Sure, here's the same drink, it is the sweetest one we have."), menu(flatter.id, 'Aquí tienes algo más dulce, te va a encantar.')]);
    const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
    expect(calls()).toBe(2);
    expect(outcome.backend).toBe('local');
    expect(outcome.fallbackReason).toMatch(/does not follow up/);
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.contains_alcohol).toBe(false);
    expect(inLanguage(s, 'es')).toEqual({ whole: 'es', englishSentences: [] });
  });

  it('a Spanish reply that keeps the drink as the closest passes, with what was honoured said in Spanish', async () => {
    const g = await grounding('artisan-bar');
    const colada = g.drinks.find((d) => d.name === 'Virgin Piña Colada')!;
    const messages = [
      { role: 'user', content: 'Estoy embarazada, algo afrutado' },
      { role: 'assistant', content: 'Te recomiendo esto.', suggestion: { name: drinkText(g, colada, 'es').name, menu_drink_id: colada.id } },
      { role: 'user', content: 'algo un poco más dulce' },
    ];
    const request = chatRequest(ChatInput.parse({ slug: 'artisan-bar', messages, lang: 'es' })).request;
    const { ai } = stubAi([{ type: 'menu', menuDrinkId: colada.id, previewName: drinkText(g, colada, 'es').name, blurb: drinkText(g, colada, 'es').description, tags: [], recipe: [], reply: 'No tengo nada más dulce que esta, así que sigue siendo la más parecida.', guestConstraints: reading }]);
    const outcome = await runSuggestion(createWorkersAiBackend(ai), request, g);
    expect(outcome.backend).toBe('workers-ai');
    const s = toWireSuggestion(outcome, g, 'x');
    expect(s.previewName).toBe(drinkText(g, colada, 'es').name);
    expect(s.message).toMatch(/Sin alcohol\.$/);
  });
});
