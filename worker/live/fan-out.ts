// Sending the venue's numbered events to its sockets (worker/live/venue-hub.ts), each socket's session checked
// before every delivery: a socket whose session ended or whose role no longer allows the venue is closed instead
// (docs/decisions/106).
import { SESSION_ENDED_CLOSE } from '../../shared/constants';
import { guestSessionLive, staffSessionState } from '../auth/live-sessions';
import type { StoredEvent } from './live-log';
import { closeSocket, send, sendText, subscriberOf, viewFor, type LiveSockets, type SocketState } from './sockets';

type Allowed = 'live' | 'ended' | 'unknown';

export class LiveFanOut {
  /** Deliveries run one after another, so events reach each socket in order. */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(private readonly sockets: LiveSockets, private readonly control: D1Database) {}

  /**
   * Sends a stored event to every socket whose session is still live and whose role still allows this venue. The
   * check is cached per isolate for a few seconds, so it rarely reads D1, and made once per session per event however
   * many sockets share it; it never delays the placement that published.
   */
  deliver(row: StoredEvent) {
    this.deliveries = this.deliveries.then(async () => {
      const sockets = this.sockets.all();
      const subscribers = sockets.map(subscriberOf);
      const checks = new Map<string, Promise<Allowed>>();
      const allowed = await Promise.all(subscribers.map((subscriber) => {
        const key = sessionCheckKey(subscriber);
        let check = checks.get(key);
        if (!check) checks.set(key, check = this.stillAllowed(subscriber));
        return check;
      }));
      sockets.forEach((ws, i) => {
        if (allowed[i] === 'ended') return closeSocket(ws, SESSION_ENDED_CLOSE, 'Session ended');
        if (allowed[i] === 'unknown') return closeSocket(ws, 1013, 'Try again later');
        const subscriber = subscribers[i]!;
        // Its catch-up already sent this one.
        if (subscriber.through !== undefined && row.seq <= subscriber.through) return;
        // Staff see every event as stored: the body serialised once goes to each staff socket as is.
        if (subscriber.audience === 'staff') return sendText(ws, row.body);
        const message = viewFor(subscriber, row);
        if (message) send(ws, message);
      });
    }).catch((err: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'live delivery failed', error: String(err) }));
    });
  }

  /** 'live', 'ended', or 'unknown' when the check itself failed (the socket is closed and reconnects). */
  private async stillAllowed(subscriber: SocketState | null): Promise<Allowed> {
    // A socket accepted before sessions were named cannot be checked: it reconnects with its token.
    if (!subscriber?.sessionId) return 'ended';
    try {
      if (subscriber.audience === 'guest') {
        if (!subscriber.guestId) return 'live';
        const ref = { sessionId: subscriber.sessionId, guestId: subscriber.guestId, signedInAt: subscriber.signedInAt ?? null };
        return (await guestSessionLive(this.control, ref)) ? 'live' : 'ended';
      }
      const state = await staffSessionState(this.control, { userId: subscriber.userId, sessionId: subscriber.sessionId });
      if (!state || state.claimsVersion !== subscriber.claimsVersion) return 'ended';
      const venueAllowed = subscriber.impersonating ? state.role === 'superadmin' : state.role === 'superadmin' || state.restaurantId === subscriber.venueId;
      return venueAllowed ? 'live' : 'ended';
    } catch {
      return 'unknown';
    }
  }
}

/** What decides stillAllowed's answer for a subscriber: sockets with the same key get the same answer. */
function sessionCheckKey(subscriber: SocketState | null): string {
  if (!subscriber?.sessionId) return '';
  return subscriber.audience === 'guest'
    ? `guest|${subscriber.sessionId}|${subscriber.guestId ?? ''}|${subscriber.signedInAt ?? ''}`
    : `staff|${subscriber.sessionId}|${subscriber.userId}|${subscriber.claimsVersion}|${subscriber.impersonating}|${subscriber.venueId}`;
}
