// Reads someone else's web page without letting them aim the server at its own network
// (docs/profiles-and-media.md "Verified links"). Only http and https on ports 80 and 443; the
// host is resolved here, with the app's own resolver, and every address it has must be public
// (public-address.ts); the connection then goes to that checked address, never to a second
// look-up, so a name that changes its answer between the check and the connection (DNS
// rebinding) cannot reach anything else. At most 3 redirects, each checked the same way; 5 s for
// the whole fetch; the first 1 MB of the body is read and the rest dropped. `body` reads other
// kinds the same way (a link preview's oEmbed JSON and image: docs/feed.md "Link previews"), with
// the caller's types, size and time.
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressesOf, type DnsResolver } from "./dns-resolver";
import { type AllowedRanges, mayConnectTo } from "./public-address";

export interface PageFetchOptions {
  resolver: DnsResolver;
  /** Non-public ranges the operator allows (LINK_CHECK_ALLOW_PRIVATE); none by default. */
  allowed: AllowedRanges;
  /** Any port, not only 80 and 443 (LINK_CHECK_ANY_PORT, for tests). */
  anyPort: boolean;
  userAgent: string;
  /** Certificates trusted instead of the system's (tests' own); unset: the system's. */
  ca?: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** The page's final URL (after redirects) and its first bytes as text, or why it was not read. */
export type FetchedPage = { ok: true; url: string; html: string } | { ok: false; reason: string };

/** What `body` takes: the Content-Types (the answer must name one), at most `maxBytes` (cut to
 * them, or refused when `whole`), within `timeoutMs`. */
export interface BodyWanted {
  types: RegExp;
  accept: string;
  maxBytes: number;
  whole?: boolean;
  timeoutMs?: number;
}

/** The final URL, the answer's Content-Type and its bytes, or why they were not read. */
export type FetchedBody =
  | { ok: true; url: string; type: string; bytes: Buffer }
  | { ok: false; reason: string };

export type PageFetcher = ((url: string) => Promise<FetchedPage>) & {
  body: (url: string, wanted: BodyWanted) => Promise<FetchedBody>;
};

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const STANDARD_PORTS = new Set(["", "80", "443"]);

class Refused extends Error {}

export interface Target {
  address: string;
  family: 4 | 6;
}

/** Settles with `work`, or rejects once `signal` aborts (node:dns/promises takes no signal). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The one address this hop connects to, once the URL and every address of its host pass (push
 * deliveries check their endpoint here too: infra/push-endpoint.ts). */
export async function checkedTarget(
  url: URL,
  options: Pick<PageFetchOptions, "resolver" | "allowed" | "anyPort">,
  signal: AbortSignal,
): Promise<Target> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Refused(`${url.protocol} is not http or https`);
  }
  if (url.username || url.password) throw new Refused("an address with credentials");
  if (!options.anyPort && !STANDARD_PORTS.has(url.port)) {
    throw new Refused(`port ${url.port} is not 80 or 443`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host)
    ? [host]
    : await untilAborted(addressesOf(options.resolver, host), signal).catch(() => {
        throw new Refused(`${host} could not be resolved`);
      });
  const first = addresses[0];
  if (first === undefined) throw new Refused(`${host} has no address`);
  const refused = addresses.find((address) => !mayConnectTo(address, options.allowed));
  if (refused !== undefined) throw new Refused(`${host} is at ${refused}, not a public address`);
  return { address: first, family: isIP(first) === 6 ? 6 : 4 };
}

/** Whatever name the connection asks for, it gets the address checked before. */
export const pinnedLookup = (target: Target): LookupFunction =>
  ((_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;

function get(
  url: URL,
  target: Target,
  options: PageFetchOptions & { accept: string },
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const lookup = pinnedLookup(target);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        agent: false,
        lookup,
        signal,
        headers: {
          "user-agent": options.userAgent,
          accept: options.accept,
          "accept-encoding": "identity",
        },
        ...(options.ca ? { ca: options.ca } : {}),
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

async function readBounded(
  response: http.IncomingMessage,
  maxBytes: number,
  whole = false,
): Promise<Buffer> {
  const declared = Number(response.headers["content-length"] ?? "0");
  if (whole && declared > maxBytes) {
    response.destroy();
    throw new Refused(`${declared} bytes is more than ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (whole ? size > maxBytes : size >= maxBytes) break;
  }
  if (whole && size > maxBytes) {
    response.destroy();
    throw new Refused(`more than ${maxBytes} bytes`);
  }
  response.destroy();
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

const HTML: BodyWanted = {
  types: /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i,
  accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  maxBytes: MAX_BYTES,
};

async function fetchBody(
  start: string,
  options: PageFetchOptions,
  wanted: BodyWanted,
  signal: AbortSignal,
) {
  let url = new URL(start);
  for (let redirects = 0; ; redirects++) {
    const target = await checkedTarget(url, options, signal);
    const response = await get(url, target, { ...options, accept: wanted.accept }, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (redirects >= (options.maxRedirects ?? MAX_REDIRECTS)) {
        throw new Refused("too many redirects");
      }
      url = new URL(location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw new Refused(`the page answered ${status}`);
    }
    const type = response.headers["content-type"];
    // A page that names no type is read as HTML, as browsers do; anything else must name one.
    const page = wanted.types === HTML.types;
    if (type === undefined ? !page : !wanted.types.test(type)) {
      response.destroy();
      throw new Refused(page ? "the page is not HTML" : `the answer is ${type ?? "untyped"}`);
    }
    const bytes = await readBounded(response, wanted.maxBytes, wanted.whole);
    return { url: url.toString(), type: type ?? "text/html", bytes };
  }
}

async function bounded<T>(
  timeoutMs: number,
  read: (signal: AbortSignal) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return { ok: true, value: await read(signal) };
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `no answer within ${timeoutMs} ms` };
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export function createPageFetcher(options: PageFetchOptions): PageFetcher {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const html = { ...HTML, maxBytes: options.maxBytes ?? MAX_BYTES };
  const page = async (url: string): Promise<FetchedPage> => {
    const read = await bounded(timeoutMs, (signal) => fetchBody(url, options, html, signal));
    if (!read.ok) return read;
    return { ok: true, url: read.value.url, html: new TextDecoder().decode(read.value.bytes) };
  };
  const body = async (url: string, wanted: BodyWanted): Promise<FetchedBody> => {
    const read = await bounded(wanted.timeoutMs ?? timeoutMs, (signal) =>
      fetchBody(url, options, wanted, signal),
    );
    return read.ok ? { ok: true, ...read.value } : read;
  };
  return Object.assign(page, { body });
}
