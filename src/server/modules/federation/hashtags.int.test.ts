// Hashtags leaving (docs/federation.md "Hashtags"): a Note carries a `Hashtag` for each of the
// post's tags, linking its page here, and its content links them as Mastodon writes its own; a
// Fedify peer on the test network receives it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FedifyPeer, startFedifyPeer } from "../../test-support/fedify-peer";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { eventually } from "../../test-support/interop-instance";
import { publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

let net: FediverseNet;
let a: TestApp;
let peer: FedifyPeer;

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "c.test"]);
  a = await startInstance(net, "a.test");
  peer = await startFedifyPeer("c.test");
  await net.serve("c.test", peer.port);
}, 60_000);

afterAll(async () => {
  await peer?.close();
  await a?.close();
  await net?.close();
});

describe("hashtags that leave", () => {
  it("tag the Note with a Hashtag per tag, linking its page here, and link them in its content", async () => {
    const ann = await createAccount(a, { label: "tann", fullName: "Ann Tagging" });
    const post = await publish(a, ann, "Hi @carol@c.test, #Café time #café https://x.test/#no");
    const create = await eventually(() => {
      const found = peer.received.find(
        (r) =>
          r.type === "Create" &&
          (r.object as { id?: string })?.id === `https://a.test/ap/posts/${post.id}`,
      );
      expect(found).toBeDefined();
      return found as { object: { tag: unknown; content: string } };
    });
    const hashtag = { type: "Hashtag", href: "https://a.test/tags/caf%C3%A9", name: "#Café" };
    expect([create.object.tag].flat()).toEqual([
      { type: "Mention", href: peer.carol.href, name: "@carol@c.test" },
      hashtag,
    ]);
    expect(create.object.content).toContain(
      '<a href="https://a.test/tags/caf%C3%A9" class="mention hashtag" rel="tag">#<span>Café</span></a> time <a href="https://a.test/tags/caf%C3%A9" class="mention hashtag" rel="tag">#<span>café</span></a> https://x.test/#no</p>',
    );
    const served = await a.app.inject({
      url: `/ap/posts/${post.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect([served.json().tag].flat()).toContainEqual(hashtag);
  });
});
