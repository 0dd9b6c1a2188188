// The sequence each live event carries (docs/social-and-realtime.md "Realtime", "Resuming"):
// assigned once, by the bus, the same on every instance. In-process it is a counter ("17"); with
// Redis it is the event's stream ID ("1764450000000-3"). Both read as two numbers, compared in
// order, so one comparison serves either bus.

/** How long events are kept at least, for reconnecting clients; a client whose missed events are
 * no longer kept is told to refetch. */
export const RESUME_WINDOW_MS = 5 * 60_000;

const SEQUENCE = /^\d{1,16}(-\d{1,16})?$/;

export const isSequence = (value: string) => SEQUENCE.test(value);

function parts(seq: string): [number, number] {
  const [high, low] = seq.split("-");
  return [Number(high), Number(low ?? 0)];
}

/** Negative when `a` came before `b`, 0 when they are the same, positive after. */
export function compareSequences(a: string, b: string): number {
  const [aHigh, aLow] = parts(a);
  const [bHigh, bLow] = parts(b);
  return aHigh - bHigh || aLow - bLow;
}

/** An event as the bus numbered it. */
export interface Sequenced<E> {
  seq: string;
  event: E;
}

/** What a reconnecting client's backlog is: the events after its sequence, or why there is none. */
export type Backlog<E> = { events: Sequenced<E>[] } | { refetch: "unknown" | "too-old" };
