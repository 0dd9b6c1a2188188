// One Idempotency-Key per write meant to happen once (docs/outbox.md "Answered once", docs/mail.md
// "Sending once"): made when a request is first sent, and sent again with the same request after a
// failure whose answer was lost (no connection, a proxy's own page, the first try still being
// stored), so the server does it once. Each place that sends (a composer, a post's Like, a
// person's Follow) keeps one such request: one answered otherwise, or another request from that
// place, gets a new key, so pressing Like again after a like went through is a new press, and a
// message written anew after a changed one is a new message.
import { IDEMPOTENCY_KEY_HEADER } from "../../domain/idempotency";
import { ApiRequestError } from "../lib/api";

/** By the place that sent it, the request whose answer was lost and its key. */
const unanswered = new Map<string, { request: string; key: string }>();

/** What a request asks: its path and body (a form by its fields, a file by its name, size and
 * type). */
function requestOf(path: string, body: unknown): string {
  if (!(body instanceof FormData)) return JSON.stringify([path, body ?? null]);
  const fields = [...body.entries()].map(([name, value]) =>
    typeof value === "string" ? [name, value] : [name, value.name, value.size, value.type],
  );
  return JSON.stringify([path, fields]);
}

/** A failure that may have come after the server did the work (the load balancer's 503 when an
 * instance failed mid-request: deploy/nginx/chtcht.conf): the same request goes again with the
 * same key. */
const answerUnknown = (error: unknown) =>
  !(error instanceof ApiRequestError) ||
  error.status === 503 ||
  ["network_error", "http_error", "bad_response", "idempotency_key_in_use"].includes(error.code);

/** Sends `path`'s request through `send` with its key (the draft's quoted form); `place` is where
 * it was sent from, the path unless one path serves many (a follow of each person). */
export async function sendOnce<T>(
  path: string,
  body: unknown,
  send: (headers: Record<string, string>) => Promise<T>,
  place = path,
): Promise<T> {
  const request = requestOf(path, body);
  const pending = unanswered.get(place);
  const key = pending?.request === request ? pending.key : crypto.randomUUID();
  unanswered.set(place, { request, key });
  try {
    const answer = await send({ [IDEMPOTENCY_KEY_HEADER]: `"${key}"` });
    unanswered.delete(place);
    return answer;
  } catch (error) {
    if (!answerUnknown(error)) unanswered.delete(place);
    throw error;
  }
}
