// Live sockets are capped per session and per client address at each venue, the oldest closed first
// (docs/reliability.md §12, docs/decisions/166). Before, 200 sockets on one anonymous device token were all
// accepted and one menu change sent a frame to every one of them.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LIVE_SOCKETS_PER_ADDRESS, LIVE_SOCKETS_PER_SESSION, TOO_MANY_SOCKETS_CLOSE } from '../../shared/constants';
import { venueHub } from '../../worker/live/hub-client';
import { guestToken, staffToken, venueId } from './order-helpers';

type Opened = {
  ws: WebSocket; messages: { type: string }[]; closed: { code: number; reason: string } | null;
  /** Resolves when the hub has closed this socket. */
  whenClosed: Promise<void>;
  /** Resolves once every frame the hub wrote this socket before now has arrived (the hub answers 'ping' after them). */
  drained: () => Promise<void>;
};

/** Opens the venue's live socket from `address` (the client address Cloudflare gives the Worker). */
async function open(venue: string, token: string, address: string): Promise<Opened> {
  const res = await exports.default.fetch(new Request(`http://localhost/api/live/venues/${venue}?token=${token}`, {
    headers: { Upgrade: 'websocket', 'CF-Connecting-IP': address },
  }));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const pongs: (() => void)[] = [];
  let onClosed = () => {};
  const opened: Opened = {
    ws, messages: [], closed: null,
    whenClosed: new Promise<void>((resolve) => { onClosed = resolve; }),
    drained: () => new Promise<void>((resolve, reject) => {
      if (opened.closed) return reject(new Error(`closed: ${JSON.stringify(opened.closed)}`));
      pongs.push(resolve);
      ws.send('ping');
    }),
  };
  ws.accept();
  ws.addEventListener('message', (event) => {
    if (event.data === 'pong') return pongs.shift()?.();
    opened.messages.push(JSON.parse(String(event.data)));
  });
  ws.addEventListener('close', (event) => { opened.closed = { code: event.code, reason: event.reason }; onClosed(); });
  return opened;
}

/**
 * Waits until the hub has closed the sockets expected closed and every other one has answered a ping: the caps are
 * applied as each socket is accepted, so by then every close the hub made has arrived.
 */
async function settled(sockets: Opened[], expectedClosed: Opened[]) {
  await Promise.all(sockets.map((s) => (expectedClosed.includes(s) ? s.whenClosed : s.drained())));
}

/** The positions, in opening order, of the sockets the hub closed. */
const closedPositions = (sockets: Opened[]) => sockets.flatMap((s, i) => (s.closed ? [i] : []));
const menuFrames = (sockets: Opened[]) => sockets.reduce((n, s) => n + s.messages.filter((m) => m.type === 'menu_changed').length, 0);

describe('live sockets per session and per address', () => {
  it("one device token keeps its newest sockets; the oldest are closed with a code the app does not reconnect on", async () => {
    const venue = await venueId('artisan-bar');
    const device = await guestToken();
    const extra = 4;
    const sockets: Opened[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_SESSION + extra; i++) sockets.push(await open(venue, device.token, '203.0.113.10'));
    await settled(sockets, sockets.slice(0, extra));

    expect(closedPositions(sockets)).toEqual([...Array(extra).keys()]);
    const closed = sockets.slice(0, extra);
    for (const s of closed) expect(s.closed).toEqual({ code: TOO_MANY_SOCKETS_CLOSE, reason: 'Too many live connections' });

    // One menu change: one frame per socket the session may keep, not one per socket it opened.
    await announce(venue, sockets.slice(extra));
    expect(menuFrames(sockets)).toBe(LIVE_SOCKETS_PER_SESSION);
    expect(menuFrames(closed)).toBe(0);

    // Another device on the same address is not affected by this one's cap.
    const neighbour = await open(venue, (await guestToken()).token, '203.0.113.10');
    await settled([neighbour, ...sockets.slice(extra)], []);
    expect(neighbour.closed).toBeNull();
    for (const s of [...sockets, neighbour]) s.ws.close();
  });

  it('a staff session is capped the same way', async () => {
    const venue = await venueId('artisan-bar');
    const token = await staffToken('staff@barhop.dev');
    const sockets: Opened[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_SESSION + 1; i++) sockets.push(await open(venue, token, '203.0.113.20'));
    await settled(sockets, [sockets[0]!]);
    expect(closedPositions(sockets)).toEqual([0]);
    for (const s of sockets) s.ws.close();
  });

  it("one address keeps its newest sockets over many devices; another address and another venue are unaffected", async () => {
    const venue = await venueId('artisan-bar');
    const tokens = await Promise.all(Array.from({ length: LIVE_SOCKETS_PER_ADDRESS + 2 }, async () => (await guestToken()).token));
    const sockets: Opened[] = [];
    for (const token of tokens) sockets.push(await open(venue, token, '198.51.100.7'));
    const elsewhere = await open(venue, (await guestToken()).token, '198.51.100.8');
    const otherVenue = await open(await venueId('rooftop-lounge'), tokens[0]!, '198.51.100.7');
    await settled([...sockets, elsewhere, otherVenue], sockets.slice(0, 2));

    expect(closedPositions(sockets)).toEqual([0, 1]);
    expect(sockets[0]!.closed?.code).toBe(TOO_MANY_SOCKETS_CLOSE);
    expect(elsewhere.closed).toBeNull();
    expect(otherVenue.closed).toBeNull();
    for (const s of [...sockets, elsewhere, otherVenue]) s.ws.close();
  });
});

/** A menu change at the venue, as an admin's write announces it (docs/decisions/154), once every open socket has it. */
async function announce(venue: string, open: Opened[]) {
  await venueHub(env, venue).announceMenuChange(venue);
  await Promise.all(open.map((s) => s.drained()));
}
