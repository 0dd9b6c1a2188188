// Security headers (docs/architecture.md "Request path"): an HTML document gets helmet's, with the
// app's Content Security Policy; every other answer (JSON, files, images) the few that protect a
// resource, as OWASP's REST cheat sheet lists them: no sniffing, never rendered or framed as a
// page, readable by our own origin only, HTTPS kept. Our directives are constants, so helmet runs
// once at start; running it per request (as @fastify/helmet does, re-serialising the policy each
// time) took about a sixth of a trivial request's time, and the document set on a JSON answer
// another fifth of its bytes and time (docs/performance.md "Trivial routes"). A route may still
// set its own header over one of these (media does: CSP).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** The app's options: helmet's defaults with our Content Security Policy (scripts and styles from
 * the site itself, images also from data: and blob: URLs, the realtime socket), and no
 * Cross-Origin-Embedder-Policy. HTTPS deployments ask browsers to upgrade insecure requests. */
export const appSecurityOptions = (secureCookies: boolean): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'", "ws:", "wss:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      upgradeInsecureRequests: secureCookies ? [] : null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** A directive given as a function is worked out per request (a nonce): it cannot be fixed. */
function dependsOnRequest(options: Readonly<HelmetOptions>): boolean {
  const policy = options.contentSecurityPolicy;
  const directives = typeof policy === "object" ? Object.values(policy.directives ?? {}) : [];
  return directives.some((value) =>
    [value].flat().some((part: unknown) => typeof part === "function"),
  );
}

/** The headers helmet would set with these options, by lower-case name. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  if (dependsOnRequest(options)) {
    throw new Error(
      "a Content-Security-Policy directive depends on the request: set it per request",
    );
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  let done = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  if (!done) throw new Error("helmet did not finish at once");
  return headers;
}

/** What protects an answer that is no HTML document (see the file's head). */
export function resourceHeaders(documentHeaders: Readonly<Record<string, string>>) {
  const headers: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of [
    "x-content-type-options",
    "cross-origin-resource-policy",
    "referrer-policy",
    "strict-transport-security",
  ]) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

const isDocument = (type: unknown) => typeof type === "string" && type.startsWith("text/html");

/** The security headers an answer of this content type gets, as name–value pairs. */
export type SecurityHeadersFor = (contentType: unknown) => readonly (readonly [string, string])[];

export function securityHeadersFor(options: HelmetOptions): SecurityHeadersFor {
  const document = securityHeaders(options);
  const sets = {
    document: Object.entries(document),
    other: Object.entries(resourceHeaders(document)),
  };
  return (contentType) => (isDocument(contentType) ? sets.document : sets.other);
}

export function registerSecurityHeaders(app: FastifyInstance, headersFor: SecurityHeadersFor) {
  app.addHook("onSend", (_request, reply, payload, done) => {
    for (const [name, value] of headersFor(reply.getHeader("content-type"))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });
}
