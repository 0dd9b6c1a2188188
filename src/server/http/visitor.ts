// A stable anonymous visitor id (cookie), so a signed-out reader's post view counts once a day.
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "./request";

const COOKIE = "chtcht_vid";
const YEAR = 365 * 24 * 60 * 60;

export function visitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readCookie(request.headers.cookie, COOKIE);
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return existing;
  const id = randomUUID();
  const flags = `Path=/; Max-Age=${YEAR}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  reply.header("set-cookie", `${COOKIE}=${id}; ${flags}`);
  return id;
}
