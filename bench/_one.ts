import { venueSlugs } from './orders';
import { guestToken, loadVenue, placeOrder } from './harness';
const base = 'http://127.0.0.1:4420';
const venues = await Promise.all(venueSlugs(10).map((s) => loadVenue(base, s)));
for (let i = 0; i < 5; i++) { const r = await placeOrder(base, venues[i]!, await guestToken(), i); console.log(r.status, r.ms.toFixed(1)); }
const rs = await Promise.all(Array.from({length: 8}, async (_, i) => placeOrder(base, venues[0]!, await guestToken(), i)));
console.log(rs.map((r) => `${r.status} ${r.ms.toFixed(0)}`).join(', '));
process.exit(0);
