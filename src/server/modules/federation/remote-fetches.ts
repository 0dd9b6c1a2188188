// How the federation's requests to other servers connect and how long they wait (docs/federation.md
// "Safety"). Every one of them — Fedify's fetches of actors, keys, notes and WebFinger, and its
// deliveries — goes through the process's fetch:
// - Deadlines: each may wait FEDERATION_FETCH_SECONDS for its answer's headers and as long again
//   for its body; left alone, undici waits 5 minutes for each, so a server that takes the
//   connection and says nothing would hold a lookup or a delivery that long.
// - Addresses: while private addresses are refused (the default), each connection resolves its host
//   through the app's resolver (DNS_SERVERS, or the system's) and connects only when every address
//   the name has is public (public-address.ts), to one of those it checked. Fedify checks a URL's
//   host before it fetches; checking again at the connection means a name whose answer changes in
//   between (DNS rebinding) still reaches nothing private.
// With FEDERATION_ALLOW_PRIVATE (tests and closed networks) the installed dispatcher stays, so a
// test's own routing of names to loopback keeps working, and gains the deadlines only.
import { isIP, type LookupFunction } from "node:net";
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { addressesOf, type DnsResolver } from "../../infra/dns-resolver";
import { mayConnectTo } from "../../infra/public-address";

const MARK = Symbol.for("chtcht.federation.remoteFetches");
type Marked = Dispatcher & { [MARK]?: true };

/** A lookup for node:net that answers only addresses `allowed` accepts, from `resolver`. */
export function checkedLookup(
  resolver: DnsResolver,
  allowed: (address: string) => boolean = mayConnectTo,
): LookupFunction {
  return (hostname, options, callback) => {
    const found = isIP(hostname) ? Promise.resolve([hostname]) : addressesOf(resolver, hostname);
    found.then(
      (addresses) => {
        const refused = addresses.length === 0 || addresses.some((a) => !allowed(a));
        if (refused) {
          const error = Object.assign(
            new Error(`${hostname} has no address this server may connect to`),
            { code: "ENOTFOUND" },
          );
          callback(error, "", 4);
          return;
        }
        const all = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, all);
        else callback(null, all[0]?.address ?? "", all[0]?.family ?? 4);
      },
      (error: Error) => callback(error, "", 4),
    );
  };
}

/** The dispatcher of requests to other servers while private addresses are refused. */
export function checkedDispatcher(seconds: number, lookup: LookupFunction): Dispatcher {
  const ms = seconds * 1000;
  return new Agent({
    headersTimeout: ms,
    bodyTimeout: ms,
    connect: { lookup, timeout: ms },
  });
}

/** Installs this process's way to other servers, once. */
export function installRemoteFetches(options: {
  seconds: number;
  allowPrivate: boolean;
  resolver: DnsResolver;
}): void {
  const current = getGlobalDispatcher() as Marked;
  if (current[MARK]) return;
  const ms = options.seconds * 1000;
  const installed: Marked = options.allowPrivate
    ? current.compose(
        (dispatch) => (request, handler) =>
          dispatch(
            {
              ...request,
              headersTimeout: request.headersTimeout ?? ms,
              bodyTimeout: request.bodyTimeout ?? ms,
            },
            handler,
          ),
      )
    : checkedDispatcher(options.seconds, checkedLookup(options.resolver));
  installed[MARK] = true;
  setGlobalDispatcher(installed);
}
