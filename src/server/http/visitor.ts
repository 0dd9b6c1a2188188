// Who a signed-out reader is, so their post view counts once a day per post: the visitor cookie;
// without one, a keyed hash of their IP and user agent, which is also handed to them as the
// cookie so their later views match; with neither a cookie nor a user agent, nobody (not counted).
import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { clientIp, readCookie } from "./request";

const COOKIE = "chtcht_vid";
const YEAR = 365 * 24 * 60 * 60;
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 32 hex digits in the 8-4-4-4-12 shape of the cookie; keyed, so it does not reveal the IP. */
function hashedId(secret: string, ip: string, agent: string): string {
  const hex = createHmac("sha256", secret).update(`visitor\n${ip}\n${agent}`).digest("hex");
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join("-");
}

export function visitorId(
  request: FastifyRequest,
  reply: FastifyReply,
  { secure, secret }: { secure: boolean; secret: string },
): string | null {
  const existing = readCookie(request.headers.cookie, COOKIE);
  if (existing && ID_SHAPE.test(existing)) return existing;
  const agent = request.headers["user-agent"];
  if (!agent) return null;
  const id = hashedId(secret, clientIp(request), agent);
  const flags = `Path=/; Max-Age=${YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  reply.header("set-cookie", `${COOKIE}=${id}; ${flags}`);
  return id;
}
