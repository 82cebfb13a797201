// The inline script that loads the app after a Worker-rendered first paint (worker/pages/venue-page.ts).
/**
 * On a page with a first paint, the app's entry module is requested once that paint is on screen (the frame
 * after the first): nothing the first paint needs waits for it, and on a slow link its ≈ 95 KB do not share the
 * bandwidth with the HTML still arriving (docs/decisions/096). The text is fixed, so the CSP in public/_headers
 * allows it by hash (AFTER_FIRST_PAINT_LOADER_CSP_HASH, checked by tests/app/venue-first-paint.test.tsx); the
 * entry's URL rides on the element's data-entry.
 */
export const AFTER_FIRST_PAINT_LOADER =
  "(function(e){requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e;document.head.appendChild(s)})})})(document.currentScript.dataset.entry)";
export const AFTER_FIRST_PAINT_LOADER_CSP_HASH = "'sha256-VBcert2FE9LXZU4a40Qjb9BFOgeTNqp5/owmVJgpwM4='";
