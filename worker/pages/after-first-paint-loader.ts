// The inline script that loads the app after a Worker-rendered first paint (worker/pages/venue-page.ts).
/**
 * On a page with a first paint, the app's entry module is requested once that paint is on screen: when the
 * browser reports the first contentful paint (Paint Timing), or, without it, the frame after the first; a
 * 3 s timer stands in if no report comes. Nothing the first paint needs waits for it, and on a slow link its
 * ≈ 105 KB do not share the bandwidth with the HTML still arriving (docs/decisions/219); a request made in the
 * frame of the paint, before it was presented, still competed with it. The text is fixed, so the CSP in
 * public/_headers allows it by hash (AFTER_FIRST_PAINT_LOADER_CSP_HASH, checked by tests/app/venue-first-paint.test.tsx); the
 * entry's URL rides on the element's data-entry, the modules it imports (Vite's modulepreload links, taken out of
 * the head) on its data-preload: they are fetched at the same moment as the entry, not before the paint. The
 * menu's read (data-menu), left out of the page's boot data, starts first: its answer waits for the app as the
 * promise `window.barhopMenu` (app/features/venues/api.ts).
 */
export const AFTER_FIRST_PAINT_LOADER =
  "(function(d){var done=0;function go(){if(done)return;done=1;if(d.menu)window.barhopMenu=fetch(d.menu).then(function(r){return r.ok?r.json():null}).catch(function(){return null});(d.preload||'').split(' ').forEach(function(h){if(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;document.head.appendChild(s)}try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});setTimeout(go,3000);return}}catch(e){}requestAnimationFrame(function(){setTimeout(go)})})(document.currentScript.dataset)";
export const AFTER_FIRST_PAINT_LOADER_CSP_HASH = "'sha256-gWtNsVcgY2iLsGuXUSgermFNCrFH4DahTxiIKjvYC8w='";
