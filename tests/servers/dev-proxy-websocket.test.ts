// `vite dev` and `vite preview` carry every WebSocket (the live channel) through miniflare's proxy, which opens its
// own socket to workerd. Unpatched, that loopback hop negotiates permessage-deflate and workerd compresses every
// frame to every socket on the thread the venue's hub runs on: a third of a busy hub's time with 50 staff screens
// (docs/decisions/155-local-servers-carry-requests-as-the-edge.md). patches/ keeps the hop uncompressed.
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ECHO_WORKER = `
export default {
  async fetch() {
    const { 0: client, 1: server } = new WebSocketPair();
    server.accept();
    server.send(JSON.stringify({ type: 'hello', padding: 'x'.repeat(400) }));
    return new Response(null, { status: 101, webSocket: client });
  },
};`;

describe("the dev servers' WebSocket proxy", () => {
  let mf: Miniflare;
  beforeAll(async () => {
    // The compatibility date of wrangler.toml, under which workerd negotiates compression when offered.
    mf = new Miniflare(convertV4MiniflareOptions({ modules: true, script: ECHO_WORKER, compatibilityDate: '2026-10-01' }));
    await mf.ready;
  });
  afterAll(async () => { await mf?.dispose(); });

  it('opens the hop to workerd without compression, even when the browser offered it', async () => {
    const res = await mf.dispatchFetch('http://localhost/api/live/venues/v', {
      // What Chrome and Firefox send with every `new WebSocket(url)`.
      headers: { Upgrade: 'websocket', 'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits' },
    });
    expect(res.status).toBe(101);
    expect(res.headers.get('Sec-WebSocket-Extensions')).toBeNull();

    const ws = res.webSocket!;
    const first = new Promise<string>((resolve) => ws.addEventListener('message', (event) => resolve(String(event.data))));
    ws.accept();
    expect(JSON.parse(await first)).toMatchObject({ type: 'hello' });
    ws.close();
  });
});
