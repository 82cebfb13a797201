import { guestToken } from './harness';
const base = 'http://127.0.0.1:4420';
for (let i = 0; i < 5; i++) { const t = performance.now(); const res = await fetch(`${base}/api/dev/bench/d1-write-once?venue=bench-ceiling`, { method: 'POST', headers: { Authorization: `Bearer ${await guestToken()}` } }); await res.arrayBuffer(); console.log(res.status, (performance.now() - t).toFixed(1)); }
process.exit(0);
