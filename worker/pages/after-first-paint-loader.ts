// The inline script that loads the app after a Worker-rendered first paint (worker/pages/venue-page.ts).
/**
 * On a page with a first paint, the app's entry module is requested once that paint is on screen (the frame
 * after the first): nothing the first paint needs waits for it, and on a slow link its ≈ 95 KB do not share the
 * bandwidth with the HTML still arriving (docs/decisions/096). The text is fixed, so the CSP in public/_headers
 * allows it by hash (AFTER_FIRST_PAINT_LOADER_CSP_HASH, checked by tests/app/venue-first-paint.test.tsx); the
 * entry's URL rides on the element's data-entry, the modules it imports (Vite's modulepreload links, taken out of
 * the head) on its data-preload: they are fetched at the same moment as the entry, not before the paint.
 */
export const AFTER_FIRST_PAINT_LOADER =
  "(function(d){requestAnimationFrame(function(){setTimeout(function(){(d.preload||'').split(' ').forEach(function(h){if(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.appendChild(s)})})})(document.currentScript.dataset)";
export const AFTER_FIRST_PAINT_LOADER_CSP_HASH = "'sha256-098zp9BIxmHmuP6r2YvMgD2HxA9YOY9Dw14Nmd9J4YY='";
