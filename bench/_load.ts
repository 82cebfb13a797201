import { venueSlugs } from '/work/main/bench/orders';
import { guestToken, loadVenue, placeOrder } from '/work/main/bench/harness';
const base = 'http://127.0.0.1:4420';
const mode = process.argv[2] ?? 'place';
const secs = Number(process.argv[3] ?? 10);
const conc = Number(process.argv[4] ?? 8);
const venues = await Promise.all(venueSlugs(10).map((s) => loadVenue(base, s)));
let n = 0, ok = 0; const t0 = performance.now(); const dl = t0 + secs * 1000;
await Promise.all(Array.from({ length: conc }, async () => { while (performance.now() < dl) {
  const i = n++;
  if (mode === 'place') { const r = await placeOrder(base, venues[i % venues.length]!, await guestToken(), i); if (r.status === 200) ok++; }
  else { const res = await fetch(`${base}/api/dev/bench/d1-write-once?venue=bench-ceiling`, { method: 'POST', headers: { Authorization: `Bearer ${await guestToken()}` } }); await res.arrayBuffer(); if (res.ok) ok++; }
} }));
console.log(mode, conc, 'rate', (ok / ((performance.now() - t0) / 1000)).toFixed(1));
process.exit(0);
