// Requests to other servers wait a bounded time and connect only where they may (docs/federation.md
// "Safety", remote-fetches.ts): a server that takes the connection and never answers costs a
// lookup FEDERATION_FETCH_SECONDS, not undici's 5 minutes; with private addresses refused, a name
// is resolved through the app's resolver and a private answer is never connected to.
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDnsResolver } from "../../infra/dns-resolver";
import { createAccount } from "../../test-support/accounts";
import { type DnsServer, startDnsServer } from "../../test-support/dns-server";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { inject } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";
import { checkedDispatcher, checkedLookup, installRemoteFetches } from "./remote-fetches";

describe("deadlines", () => {
  let net: FediverseNet;
  let a: TestApp;
  let mute: Server;
  const held: Socket[] = [];

  beforeAll(async () => {
    net = await installFediverseNet(["a.test", "mute.test"]);
    // As serve.ts does at start, over the test net's own routing (private addresses allowed).
    installRemoteFetches({ seconds: 1, allowPrivate: true, resolver: createDnsResolver() });
    a = await startInstance(net, "a.test");
    // Takes every connection and never says a word.
    mute = createServer((socket) => {
      held.push(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    const address = mute.address();
    await net.serve("mute.test", typeof address === "object" && address ? address.port : 0);
  }, 60_000);

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => mute.close(() => resolve()));
    await a?.close();
    await net?.close();
  });

  it("give up on a server that never answers, and the person is not found", async () => {
    const ann = await createAccount(a, { label: "ann", fullName: "Ann" });
    const started = Date.now();
    const found = await inject(a, ann, "GET", "/api/federation/lookup?handle=@someone@mute.test");
    expect(found.statusCode).toBe(404);
    expect(held.length).toBeGreaterThan(0);
    // One second for WebFinger's headers, with room for a busy machine; unbounded, five minutes.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe("addresses", () => {
  let dns: DnsServer;
  let site: ReturnType<typeof createHttpServer>;
  let port = 0;

  beforeAll(async () => {
    dns = await startDnsServer(
      {},
      { a: { "here.test": "127.0.0.1", "public.test": "93.184.215.14" } },
    );
    site = createHttpServer((_request, response) => response.end("hello"));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const address = site.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await dns.close();
  });

  const resolver = () => createDnsResolver([`127.0.0.1:${dns.port}`]);

  it("resolve each name through the app's resolver and refuse a private answer", async () => {
    const refusing = checkedDispatcher(2, checkedLookup(resolver()));
    await expect(
      fetch(`http://here.test:${port}/`, { dispatcher: refusing } as RequestInit),
    ).rejects.toThrow();
    expect(dns.questions).toContain("here.test A");
  });

  it("connect to the address the resolver gave, once it is allowed", async () => {
    const allowing = checkedDispatcher(
      2,
      checkedLookup(resolver(), (address) => address === "127.0.0.1"),
    );
    const response = await fetch(`http://here.test:${port}/`, {
      dispatcher: allowing,
    } as RequestInit);
    expect(await response.text()).toBe("hello");
  });

  it("refuse a name with no address, and answer only public ones by default", async () => {
    const lookup = checkedLookup(resolver());
    const answer = (host: string) =>
      new Promise<string>((resolve) =>
        lookup(host, {}, (error, address) => resolve(error ? `refused` : String(address))),
      );
    expect(await answer("public.test")).toBe("93.184.215.14");
    expect(await answer("nowhere.test")).toBe("refused");
    expect(await answer("127.0.0.1")).toBe("refused");
  });
});
