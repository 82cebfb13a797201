// The venue's live channel in the app (docs/decisions/154): one WebSocket per screen that needs it,
// reconnecting with backoff and resyncing by sequence number; while it is down, order queries are
// polled every 5 s instead.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SESSION_ENDED_CLOSE, STATUS_REFRESH_MS, TOO_MANY_SOCKETS_CLOSE } from '../../../shared/constants';
import { applyLiveEvent, refetchOrders, type VenueLiveMessage } from './live-cache';

export const LIVE_PING_MS = 25_000;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

/** Exponential backoff with jitter: about 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const LIVE_TYPES = new Set<string>(['hello', 'order_created', 'order_updated', 'queue_changed', 'menu_changed', 'snapshot', 'table_updated', 'table_cart']);
const ORDER_EVENTS = new Set<string>(['order_created', 'order_updated']);

/**
 * The live protocol's envelope, checked by hand: guest venue pages hold this socket, and zod stays
 * out of their first download (bundle budget, docs/decisions/219). The messages come from our own
 * Durable Object, and each order in them is written into the cache as the Worker serialised it. A
 * `table_updated` frame's table and a `table_cart` frame's lines are checked by the tables' writers
 * (app/features/tables/table-cache.ts).
 */
export function asLiveMessage(raw: unknown): VenueLiveMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as {
    type?: unknown; seq?: unknown; order?: { id?: unknown } | null; orders?: unknown; table?: { session_id?: unknown; version?: unknown } | null;
    session_id?: unknown; version?: unknown; base_version?: unknown;
  };
  if (typeof m.type !== 'string' || !LIVE_TYPES.has(m.type) || !Number.isInteger(m.seq)) return null;
  if (ORDER_EVENTS.has(m.type) && typeof m.order?.id !== 'string') return null;
  if (m.type === 'table_updated' && (typeof m.table?.session_id !== 'string' || !Number.isInteger(m.table.version))) return null;
  if (m.type === 'table_cart' && (typeof m.session_id !== 'string' || !Number.isInteger(m.version) || !Number.isInteger(m.base_version))) return null;
  if (m.type === 'snapshot' && !Array.isArray(m.orders)) return null;
  return raw as VenueLiveMessage;
}

/** ws(s)://host/api/live/venues/:id?token=…&since=… */
export function liveUrl(origin: string, venueId: string, token: string, since: number | null): string {
  const url = new URL(`/api/live/venues/${encodeURIComponent(venueId)}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  if (since !== null) url.searchParams.set('since', String(since));
  return url.toString();
}

/** What a guest or bartender reads of a venue's menu: the venue and its drinks, an open drink page, carts, the staff menu. */
const MENU_READS = [['venues'], ['guest', 'drink'], ['cart'], ['staff', 'menu']] as const;
/**
 * Another isolate may still answer from its read cache for up to 2 s after the write (docs/decisions/085);
 * a second refetch after that window makes sure the menu on screen is the new one (docs/decisions/154).
 */
const MENU_RECHECK_MS = 2_100;

export type VenueLiveOptions = {
  /** A staff or guest access token; no socket is opened without one. */
  token: string | null | undefined;
  /** Every message, after the hook has written it into the order queries (a method: a screen may take only LiveMessage). */
  onEvent?(message: VenueLiveMessage): void;
  enabled?: boolean;
  /**
   * A change of this value opens a new socket: the hub learns a guest's table sessions when the socket
   * connects, so a guest who joins a table reconnects to receive its frames (docs/decisions/231).
   */
  reconnectKey?: string | null;
};

/**
 * Connects to the venue's live channel. `connected` drives the screens' Live/Offline badge. Every
 * order event is written into the cached lists and details (live-cache.ts, docs/decisions/154); the
 * order queries are read again only after a snapshot, a gap in the sequence, or data older than the socket.
 */
export function useVenueLive(venueId: string | null | undefined, { token, onEvent, enabled = true, reconnectKey = null }: VenueLiveOptions) {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [lastSeq, setLastSeq] = useState<number | null>(null);
  const onEventRef = useRef(onEvent);
  useEffect(() => { onEventRef.current = onEvent; }, [onEvent]);
  // The last sequence seen per venue survives token renewals, so a new socket resumes with `since`.
  const seqRef = useRef<{ venueId: string; seq: number | null }>({ venueId: '', seq: null });

  useEffect(() => {
    if (!enabled || !venueId || !token) return;
    let socket: WebSocket | null = null;
    if (seqRef.current.venueId !== venueId) seqRef.current = { venueId, seq: null };
    const position = seqRef.current;
    let attempt = 0;
    let opened = 0;
    let stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    const refresh = () => refetchOrders(client);
    // Staff see every event of the venue, so a skipped number is a missed event; a guest sees only
    // their own orders' events and numbers skip by design (worker/live/venue-hub.ts viewFor).
    let audience: 'staff' | 'guest' | null = null;
    let openedAt = 0;
    let recheckTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshMenu = () => {
      const again = () => Promise.all(MENU_READS.map((queryKey) => client.invalidateQueries({ queryKey })));
      void again();
      clearTimeout(recheckTimer);
      recheckTimer = setTimeout(() => void again(), MENU_RECHECK_MS);
    };

    const startPolling = () => { pollTimer ??= setInterval(() => void refresh(), STATUS_REFRESH_MS); };
    const stopPolling = () => { clearInterval(pollTimer); pollTimer = undefined; };

    const connect = () => {
      socket = new WebSocket(liveUrl(window.location.origin, venueId, token, position.seq));
      socket.onopen = () => {
        attempt = 0;
        openedAt = Date.now();
        opened++;
        setConnected(true);
        stopPolling();
        pingTimer = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), LIVE_PING_MS);
      };
      socket.onmessage = (event) => {
        if (event.data === 'pong') return;
        let raw: unknown;
        try { raw = JSON.parse(String(event.data)); } catch { return; }
        const message = asLiveMessage(raw);
        if (!message) return;
        const previous = position.seq;
        if (position.seq === null || message.seq > position.seq) {
          position.seq = message.seq;
          setLastSeq(message.seq);
        }
        if (message.type === 'menu_changed') {
          refreshMenu();
        } else if (message.type === 'hello') {
          audience = message.audience;
          // Queries read before the socket opened may have missed what the socket would have told them.
          const readBefore = (q: { state: { dataUpdatedAt: number } }) => q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < openedAt;
          const readAgain = (queryKey: string[]) => {
            if (client.getQueryCache().findAll({ queryKey, predicate: readBefore }).length > 0) void client.invalidateQueries({ queryKey, predicate: readBefore });
          };
          // A first connection: lists read before the socket opened may have missed an event; those
          // still loading are answered after it, and everything from here on arrives as events.
          if (previous === null) {
            readAgain(['orders']);
          } else if (audience === 'staff' && message.seq !== previous) {
            // The catch-up before 'hello' ends at the venue's latest number; anything else is a gap.
            void refresh();
          }
          // Menu changes are not kept in the venue's log: after a reconnect the menu is read again.
          if (opened > 1) refreshMenu();
          // Nor are table frames (docs/decisions/231): a table read before this socket opened is read again.
          readAgain(['tables']);
        } else {
          const gap = audience === 'staff' && previous !== null && 'order' in message && message.seq > previous + 1;
          if (applyLiveEvent(client, message) === 'refetch' || gap) void refresh();
        }
        onEventRef.current?.(message);
      };
      socket.onclose = (event) => {
        clearInterval(pingTimer);
        socket = null;
        setConnected(false);
        if (stopped) return;
        // The session ended: read at once, so the API client's one 401 path renews the token (a new socket follows
        // with it) or signs out with "You've been signed out" (docs/decisions/192), never a screen left Offline.
        if (event.code === SESSION_ENDED_CLOSE) {
          void refresh();
          return;
        }
        startPolling();
        // The venue closed this socket for a newer one of the same device or address (docs/decisions/166): this
        // screen polls from here on; reconnecting would only close the other screen's socket in turn.
        if (event.code === TOO_MANY_SOCKETS_CLOSE) return;
        reconnectTimer = setTimeout(connect, reconnectDelayMs(attempt++));
      };
      socket.onerror = () => socket?.close();
    };

    startPolling();
    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearTimeout(recheckTimer);
      clearInterval(pingTimer);
      stopPolling();
      socket?.close(1000, 'done');
      setConnected(false);
    };
  }, [client, venueId, token, enabled, reconnectKey]);

  return { connected, lastSeq };
}
