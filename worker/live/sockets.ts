// The venue's live sockets inside its hub (worker/live/venue-hub.ts): accepting one for a subscriber the Worker
// checked, the per-session and per-address caps (docs/decisions/166), finding sockets by their tags, and sending.
// Hibernation API: a socket's subscriber is kept on it (serializeAttachment) and survives the hub sleeping.
import { LIVE_SOCKETS_PER_ADDRESS, LIVE_SOCKETS_PER_SESSION, SESSION_ENDED_CLOSE, TOO_MANY_SOCKETS_CLOSE } from '../../shared/constants';
import type { LiveEvent, LiveMessage } from '../../shared/schemas/live';
import type { StoredEvent } from './live-log';

/**
 * Who a socket belongs to and which session it rides on. `userId` is the real user (the super admin when
 * impersonating).
 */
export type Subscriber =
  | { audience: 'staff'; venueId: string; userId: string; sessionId: string; claimsVersion: number; impersonating: boolean }
  | { audience: 'guest'; venueId: string; ownerKeys: string[]; sessionId: string; guestId: string | null; signedInAt: string | null };

/**
 * A subscriber as its socket keeps it: `through` is the last number its catch-up sent (later ones are delivered);
 * `opened` orders the sockets of a session or address, oldest first, for the caps (docs/decisions/166).
 */
export type SocketState = Subscriber & { through?: number; opened?: [at: number, serial: number] };

/** Sessions that ended (any field given matches): their sockets are closed. */
export type EndedSessions = { userId?: string; sessionId?: string };

/** Header the Worker uses to hand the verified subscriber to the hub (never forwarded from a client). */
export const SUBSCRIBER_HEADER = 'X-Barhop-Subscriber';
/** Header the Worker uses to hand the client's address to the hub, for the per-address cap. */
export const ADDRESS_HEADER = 'X-Barhop-Client-Address';

export class LiveSockets {
  /** Sockets accepted by this instance, to order those accepted within the same millisecond. */
  private opened = 0;

  constructor(private readonly ctx: DurableObjectState) {}

  /** Every open socket of the venue, or those carrying `tag`. */
  all(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag);
  }

  /**
   * Accepts the socket of a subscriber the Worker checked, sends what its catch-up found and `hello`; then closes
   * the oldest of its session's or address's sockets over a cap: a new tab or a reloaded screen always gets its own.
   */
  accept(subscriber: Subscriber, address: string, catchUp: { messages: LiveMessage[]; through: number }): Response {
    const { 0: client, 1: server } = new WebSocketPair();
    const sessionTag = `session:${subscriber.sessionId}`;
    const addressTag = `address:${address.slice(0, 100)}`;
    this.ctx.acceptWebSocket(server, [subscriber.audience, sessionTag, addressTag, ...ownerKeyTags(subscriber)]);
    const state: SocketState = { ...subscriber, through: catchUp.through, opened: [Date.now(), this.opened++] };
    server.serializeAttachment(state);
    subscribers.set(server, state);
    for (const message of catchUp.messages) send(server, message);
    send(server, { type: 'hello', venue_id: subscriber.venueId, seq: catchUp.through, audience: subscriber.audience });
    this.closeOldestBeyond(sessionTag, LIVE_SOCKETS_PER_SESSION);
    this.closeOldestBeyond(addressTag, LIVE_SOCKETS_PER_ADDRESS);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Closes the oldest open sockets carrying `tag` until at most `cap` are left (docs/decisions/166). */
  private closeOldestBeyond(tag: string, cap: number) {
    const open = this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
    if (open.length <= cap) return;
    const openedOf = (ws: WebSocket) => subscriberOf(ws)?.opened ?? [0, 0];
    open.sort((a, b) => openedOf(a)[0] - openedOf(b)[0] || openedOf(a)[1] - openedOf(b)[1]);
    for (const ws of open.slice(0, open.length - cap)) closeSocket(ws, TOO_MANY_SOCKETS_CLOSE, 'Too many live connections');
  }

  /**
   * A table frame, not numbered, not kept: to every staff socket, and to the guest sockets of any of these owner
   * keys, found by their tags rather than by walking every socket of the venue (docs/decisions/231).
   */
  tell(ownerKeys: ReadonlySet<string>, text: string) {
    const told = new Set<WebSocket>();
    const once = (ws: WebSocket) => {
      if (told.has(ws)) return;
      told.add(ws);
      sendText(ws, text);
    };
    for (const ws of this.ctx.getWebSockets('staff')) once(ws);
    for (const key of ownerKeys) for (const ws of this.ctx.getWebSockets(ownerKeyTag(key))) once(ws);
    for (const ws of this.ctx.getWebSockets(MANY_KEYS_TAG)) {
      const subscriber = subscriberOf(ws);
      if (subscriber?.audience === 'guest' && subscriber.ownerKeys.some((key) => ownerKeys.has(key))) once(ws);
    }
  }

  /** The same text to every socket of the venue. */
  broadcast(text: string) {
    for (const ws of this.ctx.getWebSockets()) sendText(ws, text);
  }

  /** Closes the sockets of sessions that ended (logout, reset, disable, role change); answers how many. */
  closeEnded(ended: EndedSessions): number {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const subscriber = subscriberOf(ws);
      if (!subscriber) continue;
      const byUser = ended.userId !== undefined && subscriber.audience === 'staff' && subscriber.userId === ended.userId;
      const bySession = ended.sessionId !== undefined && subscriber.sessionId === ended.sessionId;
      if (byUser || bySession) {
        closeSocket(ws, SESSION_ENDED_CLOSE, 'Session ended');
        closed += 1;
      }
    }
    return closed;
  }
}

/**
 * The subscriber and `since` of an upgrade request the Worker checked (worker/live/routes.ts), or null when the
 * request is no socket opening.
 */
export function openingOf(request: Request): { subscriber: Subscriber; since: number | null; address: string } | null {
  const raw = request.headers.get(SUBSCRIBER_HEADER);
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !raw) return null;
  const since = new URL(request.url).searchParams.get('since');
  return { subscriber: JSON.parse(raw) as Subscriber, since: since === null ? null : Number(since), address: request.headers.get(ADDRESS_HEADER) ?? 'unknown' };
}

/** A message from a client: clients only ping (answered by the auto-response without waking the hub), the rest is ignored. */
export function onSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
  if (typeof message === 'string' && message.length > 1024) ws.close(1009, 'Message too big');
}

/** A client closed its socket: the close is echoed; 1005 (no code) and 1006 (abnormal) may not be sent back, so those get a normal close. */
export function onSocketClose(ws: WebSocket, code: number, reason: string) {
  closeSocket(ws, code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000, reason);
}

/**
 * Each socket's subscriber as this instance read it: every frame and event looks at every socket, and reading
 * the attachment back each time cost more than the rest of a table change's fan-out. An attachment is written once,
 * when its socket is accepted; a hub woken from hibernation reads it again.
 */
const subscribers = new WeakMap<WebSocket, SocketState | null>();

export function subscriberOf(ws: WebSocket): SocketState | null {
  let subscriber = subscribers.get(ws);
  if (subscriber === undefined) subscribers.set(ws, subscriber = ws.deserializeAttachment() as SocketState | null);
  return subscriber;
}

/**
 * A guest socket is tagged with each of its owner keys, so a table's frame finds its members' sockets (tell). A
 * socket has at most 10 tags and 3 are taken; one with more keys than fit is tagged MANY_KEYS_TAG and looked at.
 */
const OWNER_KEY_TAGS_MAX = 7;
const MANY_KEYS_TAG = 'keys:many';
const ownerKeyTag = (key: string) => `key:${key}`;
function ownerKeyTags(subscriber: Subscriber): string[] {
  if (subscriber.audience !== 'guest') return [];
  return subscriber.ownerKeys.length <= OWNER_KEY_TAGS_MAX ? subscriber.ownerKeys.map(ownerKeyTag) : [MANY_KEYS_TAG];
}

/** What one subscriber sees of a stored event: everything for staff; for guests their own orders,
 * and a bare 'queue_changed' when someone else's order leaves the queue (their ETA moved). */
export function viewFor(subscriber: Subscriber | null, row: StoredEvent): LiveMessage | null {
  if (!subscriber) return null;
  const event = JSON.parse(row.body) as LiveEvent;
  if (subscriber.audience === 'staff') return event;
  if (subscriber.ownerKeys.includes(row.owner_key)) return event;
  if (event.type === 'order_updated' && inQueue(event.from) && !inQueue(event.to)) {
    return { type: 'queue_changed', seq: event.seq, at: event.at };
  }
  return null;
}

const inQueue = (status: string) => status === 'pending' || status === 'preparing';

export function closeSocket(ws: WebSocket, code: number, reason: string) {
  try {
    ws.close(code, reason);
  } catch {
    // Already closed.
  }
}

export function send(ws: WebSocket, message: LiveMessage) {
  sendText(ws, JSON.stringify(message));
}

export function sendText(ws: WebSocket, text: string) {
  try {
    ws.send(text);
  } catch {
    // The socket is closing; the client will reconnect with `since` and catch up.
  }
}
