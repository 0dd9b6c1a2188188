// Sequenced sending and resuming (docs/social-and-realtime.md "Realtime"): each message that comes
// of an event carries the event's sequence, and a socket is sent each event at most once, in the
// bus's order. A client that reconnects with its epoch and last sequence is sent its backlog —
// the events after it, decided for this one connection by the same `plan` as live delivery — or
// told to refetch; live events that arrive meanwhile wait, then follow the backlog.
import type { ServerMessage } from "../../domain/realtime-events";
import type { EventLog } from "./bus";
import { type Connection, Registry, send } from "./connections";
import { type DeliveryOptions, plan } from "./delivery";
import type { DomainEvent } from "./events";
import { compareSequences, type Sequenced } from "./sequence";

/** Sends an event's messages to `conn`, unless it is replaying (they wait) or had them already. */
export function deliverTo(conn: Connection, seq: string, messages: ServerMessage[]) {
  if (conn.held) {
    conn.held.push({ seq, messages });
    return;
  }
  if (compareSequences(seq, conn.lastSeq) <= 0) return;
  conn.lastSeq = seq;
  for (const message of messages) send(conn, { ...message, seq });
}

/** The bus lost its history (EventLog's epoch changed under a live socket): the client is given
 * the new epoch and position and told to refetch, as one that resumed from the old history is. */
export function restartStream(conn: Connection, log: EventLog) {
  const seq = log.position();
  conn.lastSeq = seq;
  send(conn, { type: "ready", userId: conn.userId, epoch: log.epoch, seq });
  send(conn, { type: "refetch", reason: "unknown" });
}

type Lookup = (authorId: string, userIds: string[]) => Promise<string[]>;

/** The authors `plan` asks about for `solo`'s one connection over `events`, recorded, not
 * answered: whether its person follows each, and whether they may see each one's posts. */
async function authorsAsked(
  solo: Registry,
  options: DeliveryOptions,
  events: Sequenced<DomainEvent>[],
) {
  const followed = new Set<string>();
  const readable = new Set<string>();
  const record =
    (into: Set<string>): Lookup =>
    async (authorId, userIds) => {
      if (userIds.length > 0) into.add(authorId);
      return [];
    };
  const recording = {
    ...options,
    followersAmong: record(followed),
    postReadersAmong: record(readable),
  };
  for (const { event } of events) await plan(solo, recording, event);
  return { followed: [...followed], readable: [...readable] };
}

/** `plan`'s per-author question for a solo registry of `userId`, answered from the authors of
 * whom the answer is yes. */
function answeredBy(userId: string, authors: string[]): Lookup {
  const yes = new Set(authors);
  return async (authorId, userIds) =>
    yes.has(authorId) ? userIds.filter((id) => id === userId) : [];
}

/**
 * The messages each backlog event gives `conn`, in order. Posts and likes ask per author whether
 * the person follows them or may see their posts; a backlog holds many authors, and after an
 * instance's restart all its clients resume at once, so a question per author would hold every
 * replay up behind the database. `plan` is run once to learn which authors it asks about, each
 * question is asked once for all of them, and `plan` runs again on those answers
 * (docs/social-and-realtime.md "Resuming").
 */
async function decideBacklog(
  conn: Connection,
  options: DeliveryOptions,
  events: Sequenced<DomainEvent>[],
): Promise<{ seq: string; messages: ServerMessage[] }[]> {
  const solo = Registry.solo(conn);
  const asked = await authorsAsked(solo, options, events);
  const [followed, readable] = await Promise.all([
    options.followedAmong(conn.userId, asked.followed),
    options.readableAuthorsAmong(conn.userId, asked.readable),
  ]);
  const answered = {
    ...options,
    followersAmong: answeredBy(conn.userId, followed),
    postReadersAmong: answeredBy(conn.userId, readable),
  };
  const decided: { seq: string; messages: ServerMessage[] }[] = [];
  for (const { seq, event } of events) {
    const messages = (await plan(solo, answered, event)).byConnection.get(conn);
    if (messages) decided.push({ seq, messages });
  }
  return decided;
}

interface Resume {
  epoch?: string | undefined;
  after?: string | undefined;
}

/**
 * Opens `conn`'s stream of events: `ready` with the log's position, then, for a client that says
 * where it was, its backlog or a `refetch`, then the live events held meanwhile. `conn` must be in
 * the registry with `held` set, so no live event is lost between the position and the backlog.
 */
export async function startStream(
  conn: Connection,
  options: DeliveryOptions,
  log: EventLog,
  resume: Resume,
  onError: (error: unknown) => void,
) {
  const upTo = log.position();
  conn.lastSeq = upTo;
  send(conn, { type: "ready", userId: conn.userId, epoch: log.epoch, seq: upTo });
  try {
    if (resume.after !== undefined) {
      const backlog =
        resume.epoch === log.epoch
          ? await log.backlog(resume.after, upTo)
          : ({ refetch: "unknown" } as const);
      if ("refetch" in backlog) {
        send(conn, { type: "refetch", reason: backlog.refetch });
      } else {
        for (const { seq, messages } of await decideBacklog(conn, options, backlog.events)) {
          for (const message of messages) send(conn, { ...message, seq });
        }
        // A client ahead of this instance (its last instance read the stream further) is sent
        // only what comes after what it has.
        if (compareSequences(resume.after, upTo) > 0) conn.lastSeq = resume.after;
      }
    }
  } catch (error) {
    // The backlog could not be read or decided: the client reads again rather than miss it.
    onError(error);
    send(conn, { type: "refetch", reason: "unknown" });
  } finally {
    const held = conn.held ?? [];
    conn.held = null;
    for (const { seq, messages } of held) deliverTo(conn, seq, messages);
  }
}
