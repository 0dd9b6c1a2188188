// Small helpers that turn a Fastify request into what services need.
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The address rate limits are keyed on; X-Forwarded-For counts only when TRUST_PROXY is on. */
export const clientIp = (request: FastifyRequest): string => request.ip || "unknown";

export const webHeaders = (request: FastifyRequest): Headers => fromNodeHeaders(request.headers);

/** Forwards the auth library's Set-Cookie headers (login, logout, sliding session refresh). */
export function setCookies(reply: FastifyReply, cookies: string[]): FastifyReply {
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply;
}

/** One cookie's raw value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
