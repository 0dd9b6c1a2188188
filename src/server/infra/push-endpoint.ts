// Where a push may be sent, and the sending (docs/notifications.md "Push"): a browser hands us its
// push service's URL, so an endpoint is someone else's address and must not aim the server at its
// own network. An endpoint is https on port 443 at a name or a public address; plain http or
// another port only at an address the operator allows (PUSH_ALLOW_PRIVATE, for tests). At each
// send its host is resolved and every address checked as a page fetch's are (page-fetch.ts,
// public-address.ts), and the connection goes to that checked address, kept alive for the next
// push to the same address, host and port (push-connections.ts); no redirect is followed.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { DnsResolver } from "./dns-resolver";
import { checkedTarget } from "./page-fetch";
import { type AllowedRanges, mayConnectTo } from "./public-address";
import type { PushConnections } from "./push-connections";

export interface PushEndpointRules {
  resolver: DnsResolver;
  /** Non-public addresses an endpoint may be at (PUSH_ALLOW_PRIVATE); none by default. */
  allowed: AllowedRanges;
  connections: PushConnections;
}

/** The request web-push builds: the encrypted body and its headers (TTL, Urgency, Topic, VAPID). */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

const TIMEOUT_MS = 10_000;
/** A push service answers with a short status text; more is not read. */
const MAX_ANSWER = 4096;

/** Why `endpoint` may not be a push endpoint, or null. */
export function endpointProblem(endpoint: string, allowed: AllowedRanges): string | null {
  if (!URL.canParse(endpoint)) return "The endpoint must be a URL.";
  const url = new URL(endpoint);
  if (url.username || url.password) return "The endpoint must not carry credentials.";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) && !mayConnectTo(host, allowed)) {
    return "The endpoint must be at a public address.";
  }
  // Not public, but allowed: a test's own push service.
  const allowedPrivate = isIP(host) !== 0 && !mayConnectTo(host);
  if (url.protocol === "https:" && (url.port === "" || allowedPrivate)) return null;
  if (url.protocol === "http:" && allowedPrivate) return null;
  return "The endpoint must be an https URL of a push service.";
}

/** Sends one push; its status and the start of the answer. Refused endpoints and failed
 * connections throw. */
export async function sendToPushService(
  request: PushRequest,
  rules: PushEndpointRules,
): Promise<{ status: number; text: string }> {
  const problem = endpointProblem(request.endpoint, rules.allowed);
  if (problem) throw new Error(problem);
  const url = new URL(request.endpoint);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const target = await checkedTarget(
    url,
    { resolver: rules.resolver, allowed: rules.allowed, anyPort: true },
    signal,
  );
  const agent = rules.connections.agentFor(url, target);
  try {
    return await post(url, agent, request, signal);
  } catch (error) {
    // A kept connection the push service had just closed: once more, on a new one.
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    return post(url, agent, request, signal);
  }
}

function post(
  url: URL,
  agent: http.Agent,
  request: PushRequest,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: "POST", agent, signal, headers: request.headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < MAX_ANSWER) text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: text.slice(0, MAX_ANSWER) }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", (error) =>
      reject(
        outgoing.reusedSocket && (error as NodeJS.ErrnoException).code === "ECONNRESET"
          ? Object.assign(error, { reusedSocket: true })
          : error,
      ),
    );
    outgoing.end(request.body ?? undefined);
  });
}
