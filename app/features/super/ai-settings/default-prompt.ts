// Spec: when the global prompt cannot be loaded, the screen shows a built-in default bartender
// prompt and garnish list. Same text as the worker's fallback (worker/ai/grounding.ts), which the
// browser bundle cannot import.
export const DEFAULT_BARTENDER_PROMPT = "You are Barhop's AI bartender. Recommend drinks from the venue's current menu first; when nothing fits, compose one creation using only ingredients the venue has in stock. Keep replies short and friendly.";
export const DEFAULT_GARNISHES = ['Lime wheel', 'Orange twist', 'Mint sprig', 'Cocktail cherry'];
