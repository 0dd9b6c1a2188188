// Sequenced sending and resuming (docs/social-and-realtime.md "Realtime"): each message that comes
// of an event carries the event's sequence, and a socket is sent each event at most once, in the
// bus's order. A client that reconnects with its epoch and last sequence is sent its backlog —
// the events after it, decided for this one connection by the same `plan` as live delivery — or
// told to refetch; live events that arrive meanwhile wait, then follow the backlog.
import type { ServerMessage } from "../../domain/realtime-events";
import type { EventLog } from "./bus";
import { type Connection, Registry, send } from "./connections";
import { type DeliveryOptions, plan } from "./delivery";
import { compareSequences } from "./sequence";

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

/** A backlog holds many posts of few authors: each author's answer is asked once per replay. */
function remembered(lookup: Lookup): Lookup {
  const answers = new Map<string, Promise<string[]>>();
  return (authorId, userIds) => {
    const key = `${authorId}:${userIds.join(",")}`;
    const answer = answers.get(key) ?? lookup(authorId, userIds);
    answers.set(key, answer);
    return answer;
  };
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
        const once = {
          ...options,
          followersAmong: remembered(options.followersAmong),
          postReadersAmong: remembered(options.postReadersAmong),
        };
        for (const { seq, event } of backlog.events) {
          const messages = (await plan(Registry.solo(conn), once, event)).byConnection.get(conn);
          if (messages) for (const message of messages) send(conn, { ...message, seq });
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
