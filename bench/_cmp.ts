import { venueSlugs } from './orders';
import { readFileSync, readdirSync } from 'node:fs';
import { guestToken, loadVenue, placeOrder } from './harness';
const base = 'http://127.0.0.1:4420';
const secs = Number(process.argv[2] ?? 5), rounds = Number(process.argv[3] ?? 3), conc = Number(process.argv[4] ?? 8);
const venues = await Promise.all(venueSlugs(10).map((s) => loadVenue(base, s)));
const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => { try { const c = readFileSync(`/proc/${d}/cmdline`, 'utf8'); return c.includes('/work/main/node_modules') && (c.includes('workerd') || c.includes('preview')); } catch { return false; } });
const cpu = () => pids.reduce((n, p) => { try { const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' '); return n + (process.env.SPLIT === 'sys' ? Number(f[12]) : process.env.SPLIT === 'user' ? Number(f[11]) : Number(f[11]) + Number(f[12])); } catch { return n; } }, 0) * 10;
console.log('pids', pids.length);
async function run(mode: string) {
  const c0 = cpu();
  let n = 0, ok = 0; const t0 = performance.now(); const dl = t0 + secs * 1000;
  await Promise.all(Array.from({ length: conc }, async () => { while (performance.now() < dl) {
    const i = n++;
    if (mode === 'place') { const r = await placeOrder(base, venues[i % venues.length]!, await guestToken(), i); if (r.status === 200) ok++; }
    else { const res = await fetch(`${base}/api/dev/bench/d1-write-once?venue=bench-ceiling`, { method: 'POST', headers: { Authorization: `Bearer ${await guestToken()}` } }); await res.arrayBuffer(); if (res.ok) ok++; }
  } }));
  cpuPer[mode] = [...(cpuPer[mode] ?? []), (cpu() - c0) / Math.max(ok, 1)];
  return ok / ((performance.now() - t0) / 1000);
}
const cpuPer: Record<string, number[]> = {};
await run('place'); 
const ratios: number[] = []; const out: string[] = [];
for (let r = 0; r < rounds; r++) { const f = await run('floor'); const p = await run('place'); ratios.push(p / f); out.push(`${p.toFixed(0)}/${f.toFixed(0)}`); }
ratios.sort((a, b) => a - b);
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log('server cpu ms/req place', med(cpuPer.place!.slice(1)).toFixed(2), 'floor', med(cpuPer.floor!).toFixed(2), 'ratio', (med(cpuPer.floor!) / med(cpuPer.place!.slice(1))).toFixed(2));
console.log(process.argv[5] ?? '', 'median ratio', ratios[Math.floor(ratios.length / 2)]!.toFixed(2), out.join(' '));
process.exit(0);
