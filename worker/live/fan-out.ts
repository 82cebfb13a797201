// Sending the venue's numbered events to its sockets (worker/live/venue-hub.ts), each socket's session checked
// before every delivery: a socket whose session ended or whose role no longer allows the venue is closed instead
// (docs/decisions/166).
import { SESSION_ENDED_CLOSE } from '../../shared/constants';
import { guestSessionLive, staffSessionStates } from '../auth';
import type { StoredEvent } from './live-log';
import { closeSocket, send, sendText, subscriberOf, viewFor, type LiveSockets, type SocketState } from './sockets';

type Allowed = 'live' | 'ended' | 'unknown';

export class LiveFanOut {
  /** Deliveries run one after another, so events reach each socket in order. */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(private readonly sockets: LiveSockets, private readonly control: D1Database) {}

  /**
   * Sends a stored event to every socket whose session is still live and whose role still allows this venue. The
   * check is cached per isolate for a few seconds, so it rarely reads D1; it never delays the placement that published.
   */
  deliver(row: StoredEvent) {
    this.deliveries = this.deliveries.then(async () => {
      const sockets = this.sockets.all();
      const subscribers = sockets.map(subscriberOf);
      const allowed = await this.stillAllowed(subscribers);
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

  /**
   * For each socket: 'live', 'ended', or 'unknown' when the check itself failed (the socket is closed and
   * reconnects). One check per session however many sockets share it; the staff sessions not cached are read in
   * one round trip.
   */
  private async stillAllowed(subscribers: (SocketState | null)[]): Promise<Allowed[]> {
    const byKey = new Map<string, SocketState | null>();
    for (const subscriber of subscribers) byKey.set(sessionCheckKey(subscriber), subscriber);
    const answers = new Map<string, Allowed>();
    const staff = [...byKey].filter((entry): entry is [string, Extract<SocketState, { audience: 'staff' }>] => entry[1]?.audience === 'staff' && Boolean(entry[1].sessionId));
    const staffStates = staffSessionStates(this.control, staff.map(([, s]) => ({ userId: s.userId, sessionId: s.sessionId })))
      .then((states) => states.map((state, i): Allowed => {
        const subscriber = staff[i]![1];
        if (!state || state.claimsVersion !== subscriber.claimsVersion) return 'ended';
        const venueAllowed = subscriber.impersonating ? state.role === 'superadmin' : state.role === 'superadmin' || state.restaurantId === subscriber.venueId;
        return venueAllowed ? 'live' : 'ended';
      }), (): Allowed[] => staff.map(() => 'unknown'));
    const others = [...byKey].filter(([, s]) => s?.audience !== 'staff' || !s.sessionId);
    const [staffAnswers, otherAnswers] = await Promise.all([staffStates, Promise.all(others.map(([, s]) => this.guestAllowed(s)))]);
    staff.forEach(([key], i) => answers.set(key, staffAnswers[i]!));
    others.forEach(([key], i) => answers.set(key, otherAnswers[i]!));
    return subscribers.map((subscriber) => answers.get(sessionCheckKey(subscriber))!);
  }

  private async guestAllowed(subscriber: SocketState | null): Promise<Allowed> {
    // A socket accepted before sessions were named cannot be checked: it reconnects with its token.
    if (!subscriber?.sessionId || subscriber.audience !== 'guest') return 'ended';
    if (!subscriber.guestId) return 'live';
    try {
      const ref = { sessionId: subscriber.sessionId, guestId: subscriber.guestId, signedInAt: subscriber.signedInAt ?? null };
      return (await guestSessionLive(this.control, ref)) ? 'live' : 'ended';
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
