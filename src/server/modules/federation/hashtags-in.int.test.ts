// Hashtags that arrive (docs/federation.md "Hashtags"): Mastodon's and Misskey's own Create(Note),
// signed by their keys, list the post under its `Hashtag` tags here; a tag's page shows it beside
// ours, newest first, to people signed in who may see it (not to someone who blocks its author,
// nor to visitors); their Update moves it to its new tags and their Delete takes it away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type TestAccount } from "../../test-support/accounts";
import { startInstance } from "../../test-support/federation-instances";
import { type FediverseNet, installFediverseNet } from "../../test-support/fediverse-net";
import { followFixturePerson } from "../../test-support/fixture-follow";
import { deliver, type FixtureServer, startFixtureServer } from "../../test-support/fixture-server";
import { eventually } from "../../test-support/interop-instance";
import { inject, publish } from "../../test-support/social";
import type { TestApp } from "../../test-support/test-app";

const SHARED_INBOX = "https://a.test/ap/inbox";

let net: FediverseNet;
let a: TestApp;
let mastodon: FixtureServer;
let misskey: FixtureServer;
let fan: TestAccount;
let reader: TestAccount;
let aliceId: string;

type TagItem = { content: string; remote?: { handle: string } };
const tagPage = async (who: TestAccount | null, tag: string): Promise<TagItem[]> =>
  (await inject(a, who, "GET", `/api/tags/${encodeURIComponent(tag)}/posts`)).json().items;
const contents = async (who: TestAccount | null, tag: string) =>
  (await tagPage(who, tag)).map((item) => item.content);

beforeAll(async () => {
  net = await installFediverseNet(["a.test", "mastodon.test", "misskey.test"]);
  a = await startInstance(net, "a.test");
  mastodon = await startFixtureServer("mastodon");
  misskey = await startFixtureServer("misskey");
  await net.serve(mastodon.name, mastodon.port);
  await net.serve(misskey.name, misskey.port);
  fan = await createAccount(a, { label: "tagfan", fullName: "Tag Fan" });
  reader = await createAccount(a, { label: "tagreader", fullName: "Tag Reader" });
  aliceId = await followFixturePerson(a, {
    server: mastodon,
    who: fan,
    handle: "alice@mastodon.test",
  });
  await followFixturePerson(a, { server: misskey, who: fan, handle: "mika@misskey.test" });
}, 60_000);

afterAll(async () => {
  await mastodon?.close();
  await misskey?.close();
  await a?.close();
  await net?.close();
});

/** Their post, delivered signed to our shared inbox; its id and the activity. */
async function created(server: FixtureServer, text: string, tags?: unknown[]) {
  const create = server.activity("create-note", { TEXT: text });
  const note = create.object as { id: string; tag: unknown[] };
  if (tags) note.tag = tags;
  expect((await deliver(a, await server.sign(create, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
    202,
  );
  return { create, note };
}

const hashtag = (server: FixtureServer, name: string) => ({
  type: "Hashtag",
  href: `https://${server.name}/tags/${name}`,
  name: `#${name}`,
});

describe("hashtags that arrive", () => {
  it("list Mastodon's and Misskey's posts under their tags, beside ours, newest first", async () => {
    const ours = await createAccount(a, { label: "tagwriter", fullName: "Tag Writer" });
    await publish(a, ours, "Our own #gardening note");
    await created(mastodon, "Alice plants");
    await created(misskey, "Mika writes");
    await eventually(async () => {
      expect(await contents(reader, "gardening")).toEqual([
        "Alice plants #gardening\n\nPhoto: https://garden.example/tomatoes",
        "Our own #gardening note",
      ]);
      expect(await contents(reader, "misskey")).toEqual([
        "Mika writes\nSecond line #misskey @mika",
      ]);
    });
    const [theirs] = await tagPage(fan, "gardening");
    expect(theirs?.remote?.handle).toBe("alice@mastodon.test");
    expect((await inject(a, reader, "GET", "/api/tags/gardening")).json().postsCount).toBe(2);
    // Visitors see what was written here only.
    expect(await contents(null, "gardening")).toEqual(["Our own #gardening note"]);
    expect((await inject(a, null, "GET", "/api/tags/gardening")).json().postsCount).toBe(1);
  });

  it("reads each tag once, as our key, and pages across both kinds", async () => {
    await created(mastodon, "Alice tags twice", [
      hashtag(mastodon, "Café"),
      { ...hashtag(mastodon, "café"), name: "#CAFÉ" },
      { type: "Hashtag", href: "https://mastodon.test/tags/123", name: "#123" },
      { type: "Mention", href: "https://mastodon.test/users/alice", name: "@alice" },
    ]);
    await eventually(async () =>
      expect(await contents(reader, "café")).toEqual([
        "Alice tags twice #gardening\n\nPhoto: https://garden.example/tomatoes",
      ]),
    );
    // `#123` cannot be a tag here: no page lists it.
    expect((await inject(a, reader, "GET", "/api/tags/123/posts")).statusCode).toBe(404);
    const first = (await inject(a, reader, "GET", "/api/tags/gardening/posts?limit=1")).json();
    expect(first.items).toHaveLength(1);
    const second = (
      await inject(a, reader, "GET", `/api/tags/gardening/posts?limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((item: TagItem) => item.content)).toEqual(["Our own #gardening note"]);
  });

  it("moves a post to its new tags on Update and takes it away on Delete", async () => {
    const { create, note } = await created(mastodon, "Alice edits", [hashtag(mastodon, "before")]);
    await eventually(async () => expect(await contents(reader, "before")).toHaveLength(1));
    const update = {
      ...create,
      id: `${note.id}#updates/1`,
      type: "Update",
      object: { ...note, tag: [hashtag(mastodon, "after")], updated: new Date().toISOString() },
    };
    expect(
      (await deliver(a, await mastodon.sign(update, SHARED_INBOX, "rfc9421"))).statusCode,
    ).toBe(202);
    await eventually(async () => {
      expect(await contents(reader, "before")).toEqual([]);
      expect(await contents(reader, "after")).toHaveLength(1);
    });
    const serial = note.id.split("/").pop() ?? "";
    const del = mastodon.activity("delete", { STATUS: serial, AID: serial });
    expect((await deliver(a, await mastodon.sign(del, SHARED_INBOX, "rfc9421"))).statusCode).toBe(
      202,
    );
    await eventually(async () => expect(await contents(reader, "after")).toEqual([]));
  });

  it("shows nothing of someone the reader blocks", async () => {
    const blocker = await createAccount(a, { label: "tagblocker", fullName: "Tag Blocker" });
    expect(await contents(blocker, "misskey")).toHaveLength(1);
    const blocked = await inject(a, blocker, "POST", `/api/federation/people/${aliceId}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(await contents(blocker, "gardening")).toEqual(["Our own #gardening note"]);
    expect(await contents(blocker, "misskey")).toHaveLength(1);
  });
});

describe("a followed tag", () => {
  it("brings posts from elsewhere with it into the follower's home feed, once, blocks kept", async () => {
    const follower = await createAccount(a, { label: "tagfollower", fullName: "Tess Follower" });
    const feed = async () =>
      ((await inject(a, follower, "GET", "/api/feed")).json().items as TagItem[]).map(
        // The fixture's Note adds its own words after ours.
        (p) => p.content.split(" #gardening")[0],
      );
    expect((await inject(a, follower, "PUT", "/api/tags/Compost/follow")).statusCode).toBe(200);
    // A cached first page, which the next post with the tag must not leave stale.
    expect(await feed()).toEqual([]);

    await created(mastodon, "Alice on #compost and #Soil", [
      hashtag(mastodon, "compost"),
      hashtag(mastodon, "soil"),
    ]);
    await created(misskey, "Mika without the tag", [hashtag(misskey, "weather")]);
    await eventually(async () => expect(await feed()).toEqual(["Alice on #compost and #Soil"]));
    // Following a second of its tags shows it once.
    await inject(a, follower, "PUT", "/api/tags/soil/follow");
    expect(await feed()).toEqual(["Alice on #compost and #Soil"]);
    // Someone the follower blocks is left out.
    await inject(a, follower, "POST", `/api/federation/people/${aliceId}/block`);
    expect(await feed()).toEqual([]);
    // Unfollowing the tags takes its posts away.
    await inject(a, follower, "DELETE", `/api/federation/people/${aliceId}/block`);
    await inject(a, follower, "DELETE", "/api/tags/compost/follow");
    await inject(a, follower, "DELETE", "/api/tags/soil/follow");
    expect(await feed()).toEqual([]);
  });
});
