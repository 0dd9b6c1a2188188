// Read-your-writes with read replicas (docs/operations.md "Read replicas"). A request that may
// change something (any method but GET and HEAD) reads the primary only. Once it has answered
// without a client or server error, its answer carries a cookie with the primary's WAL position,
// which lies at or after every commit the request made; the client's later requests, on any
// instance, read from a replica only once that replica has replayed that position
// (db/read-routing.ts), so the writer never reads older data than its own write.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { readingAfter } from "../db/read-routing";
import { parseLsn, type ReplicaSet } from "../db/replicas";
import { readCookie } from "./request";

const WRITTEN_COOKIE = "read_after_lsn";
/** How long the cookie lasts: far beyond the replicas' lag bound (db/replicas.ts), beyond which
 * no replica serves anyone. */
const WRITTEN_COOKIE_S = 60;
/** What the cookie holds when the primary could not say its position: the primary, until the
 * cookie expires. */
const UNKNOWN_LSN = "FFFFFFFF/FFFFFFFF";

const readsOnly = (request: FastifyRequest) =>
  request.method === "GET" || request.method === "HEAD";

/** The WAL position in the request's cookie (0 without one, or with a malformed one). */
function writtenLsn(request: FastifyRequest): bigint {
  const value = readCookie(request.headers.cookie, WRITTEN_COOKIE);
  if (!value) return 0n;
  try {
    return parseLsn(value);
  } catch {
    return 0n;
  }
}

export function registerReplicaReads(
  app: FastifyInstance,
  replicas: ReplicaSet,
  secureCookies: boolean,
): void {
  app.addHook("onRequest", (request, _reply, done) => {
    readingAfter(readsOnly(request) ? writtenLsn(request) : null, done);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (readsOnly(request) || reply.statusCode >= 400) return payload;
    const lsn = await replicas.primaryLsn().then(
      (position) => `${(position >> 32n).toString(16)}/${(position & 0xffffffffn).toString(16)}`,
      () => UNKNOWN_LSN,
    );
    reply.header(
      "set-cookie",
      `${WRITTEN_COOKIE}=${lsn}; Path=/; Max-Age=${WRITTEN_COOKIE_S}; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`,
    );
    return payload;
  });
}
