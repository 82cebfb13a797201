// The venue hub's numbered event log (docs/decisions/027, 098, 153): the sequence every order event takes and
// the last EVENT_LOG_LIMIT events, kept in the hub's SQLite storage for reconnecting clients.
//
// Storing an event is one storage commit, and locally a commit costs about as much CPU as the rest of a
// placement's work in the hub (bench/README.md, "write path"). So while other placements or status changes are
// still running in the hub, an event is kept in memory and stored with theirs, in one commit by the last of them
// to finish (or once GROUP_LIMIT are waiting); an event published with nothing else in flight is stored at once,
// as before. Eviction drains in-flight requests, so a drained hub has stored every event it numbered.
//
// A crash can still lose events that were sent but not yet stored. Numbers are never given twice: the hub
// stores how far it may number (`reserved`, SEQ_BLOCK ahead) before sending past it, and a hub that starts with
// `reserved` ahead of its log continues after `reserved` and remembers the gap: a client whose `since` is
// before the gap gets a snapshot instead of a replay with holes.

/** How many events the hub keeps for reconnecting clients; older `since` values get a snapshot. */
export const EVENT_LOG_LIMIT = 500;
/** The log is trimmed back to EVENT_LOG_LIMIT once every this many events, not on each one. */
const EVENT_LOG_PRUNE_EVERY = 50;
/** Numbers reserved at a time while events wait in memory: one extra write per this many events under load. */
export const SEQ_BLOCK = 64;
/** Events waiting in memory are stored once this many are waiting, however busy the hub is. */
export const GROUP_LIMIT = 32;

export type StoredEvent = { seq: number; owner_key: string; body: string };
type LogEntry = StoredEvent & { type: string; order_id: string; created_at: string };

export class EventLog {
  /** The last number given, read from storage once per instance. */
  private seq: number | null = null;
  /** How far numbers may be given without another write (as stored); past `seq` only while events wait. */
  private reserved = 0;
  /** Clients whose `since` is before this number get a snapshot: the events up to it may be lost. */
  private gapThrough = 0;
  /** Numbered and sent, not yet stored. */
  private waiting: LogEntry[] = [];
  /** Placements and status changes running in the hub, each of which will publish or give up. */
  private running = 0;

  constructor(private readonly sql: SqlStorage) {
    sql.exec(`
      create table if not exists live_meta (key text primary key, value integer not null);
      create table if not exists live_events (
        seq integer primary key,
        type text not null,
        order_id text not null,
        owner_key text not null,
        body text not null,
        created_at text not null
      );
    `);
  }

  private meta(key: string): number {
    return this.sql.exec<{ value: number }>(`select value from live_meta where key = ?`, key).toArray()[0]?.value ?? 0;
  }

  private setMeta(key: string, value: number) {
    this.sql.exec(`insert into live_meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value`, key, value);
  }

  latestSeq(): number {
    if (this.seq === null) {
      // live_meta 'seq' held the counter before the log did; a hub stored by that version counts on from it.
      const logged = Math.max(this.meta('seq'), this.sql.exec<{ seq: number | null }>(`select max(seq) as seq from live_events`).toArray()[0]?.seq ?? 0);
      const reserved = this.meta('reserved');
      this.gapThrough = this.meta('gap_through');
      if (reserved > logged) {
        // The last run numbered events it may not have stored: continue after every number it could have sent.
        this.gapThrough = reserved;
        this.setMeta('gap_through', reserved);
      }
      this.seq = Math.max(logged, reserved);
      this.reserved = reserved;
    }
    return this.seq;
  }

  /** A placement or status change starts: events published meanwhile may wait for it. */
  begin() {
    this.running += 1;
  }

  /** It ended (published or not): the last one running stores what waits. */
  end() {
    this.running -= 1;
    if (this.running === 0) this.flush();
  }

  /** Numbers an event and keeps it: stored now when nothing else runs, else with the others. */
  append(entry: Omit<LogEntry, 'seq' | 'body'>, body: (seq: number) => string): StoredEvent {
    const seq = this.latestSeq() + 1;
    this.seq = seq;
    const stored = { ...entry, seq, body: body(seq) };
    this.waiting.push(stored);
    if (this.running <= 1 || this.waiting.length >= GROUP_LIMIT) {
      // Stored in this turn, so before any socket gets it (the output gate holds sends until the commit).
      this.flush();
    } else if (seq > this.reserved) {
      // It waits, and will be sent before it is stored: a restart must not give its number again.
      this.reserved = seq + SEQ_BLOCK;
      this.setMeta('reserved', this.reserved);
    }
    return stored;
  }

  /**
   * Stores every waiting event in one commit. Once nothing else runs, a reservation past them is given back in
   * that same commit, so a hub evicted after draining restarts at its next number with no gap.
   */
  flush() {
    if (this.waiting.length === 0) return;
    for (const e of this.waiting) {
      this.sql.exec(`insert into live_events (seq, type, order_id, owner_key, body, created_at) values (?, ?, ?, ?, ?, ?)`,
        e.seq, e.type, e.order_id, e.owner_key, e.body, e.created_at);
      if (e.seq % EVENT_LOG_PRUNE_EVERY === 0) this.sql.exec(`delete from live_events where seq <= ?`, e.seq - EVENT_LOG_LIMIT);
    }
    this.waiting = [];
    if (this.running <= 1 && this.reserved > this.seq!) {
      // Everything numbered is stored: a restart from here continues at the next number, with no gap.
      this.reserved = this.seq!;
      this.setMeta('reserved', this.reserved);
    }
  }

  /** The events after `since`, in order, or null when the log cannot give all of them (a snapshot answers). */
  after(since: number): StoredEvent[] | null {
    this.flush();
    const latest = this.latestSeq();
    if (since === latest) return [];
    if (since > latest || since < this.gapThrough) return null;
    const oldest = this.sql.exec<{ seq: number | null }>(`select min(seq) as seq from live_events`).toArray()[0]?.seq ?? latest + 1;
    if (since + 1 < oldest) return null;
    const rows = this.sql.exec<StoredEvent>(`select seq, owner_key, body from live_events where seq > ? order by seq`, since).toArray();
    // A hole (events lost before they were stored) is answered with a snapshot too.
    return rows.length === latest - since && rows[0]?.seq === since + 1 ? rows : null;
  }
}
