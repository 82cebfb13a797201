import { it } from 'vitest';
import { call } from './helpers';
import { mintToken } from './auth-helpers';
it('probe', async () => {
  const token = await mintToken('staff@barhop.dev');
  for (const s of [' 𝅗𝅥(𒇫𝆺𝅥𝅯', '𝅗𝅥', '(', 'abc\\', "a'b", '\u0000', '\uD800x']) {
    const res = await call('GET', `/api/staff/ingredients?search=${encodeURIComponent(s)}`, { token });
    console.log('RES', JSON.stringify(s), res.status);
  }
});
