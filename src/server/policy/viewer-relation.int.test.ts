// Who sees what (docs/profiles-and-media.md "Who sees what"), table-driven through the real HTTP
// app: an owner fills in all 24 attributes, then gives them every audience in turn; six viewers
// (the owner, a friend, a follower only, a stranger, an anonymous visitor and someone the owner
// blocked) read every path that shows the owner — the profile API and its HTML, search results,
// the newest profiles, the header search, follow lists, the post and the feed, mail, activity and
// realtime frames — and each attribute's value must be in the whole body exactly where the viewer
// may see it, and nowhere else.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AttributeAudiences,
  type AttributeKey,
  AUDIENCE_ATTRIBUTES,
  AUDIENCES,
  type Audience,
  effectiveAudiences,
  mayView,
  SENSITIVE_ATTRIBUTES,
  type ViewerStanding,
} from "../../domain/audiences";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { follow, inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { connectRealtime, type TestSocket } from "../test-support/ws-client";

/** One value per attribute, none inside another's (checked below), nor in any name or e-mail. */
const DETAILS = {
  country: "Malawi",
  state: "Vermont",
  age: 73,
  gender: "Female",
  race: "Middle-Eastern",
  sexuality: "Pansexual",
  zodiac: "Capricorn",
  body_types: "Plus-sized",
  height: `6'11"`,
  relationship_status: "It's Complicated",
  kids: "10+",
  occupation: "Barber",
  military_branch: "Navy",
  military_base: "Fleet Activities Yokosuka",
  university: "Quillfeather College",
  hbcu: "Albany State University",
  salary: "$250K - $500K",
  networth: "$10M or more",
  greek: "Iota Phi Theta",
  religion: "Shintoist",
  education: "Doctorate",
  causes: "Cystic Fibrosis Awareness",
};
const CITY = "Burlington, VT";

type Viewer = "owner" | "friend" | "follower" | "stranger" | "anonymous" | "blocked";
const VIEWERS: Viewer[] = ["owner", "friend", "follower", "stranger", "anonymous", "blocked"];
const STANDING: Record<Exclude<Viewer, "blocked">, ViewerStanding> = {
  owner: "owner",
  friend: "friend",
  follower: "other",
  stranger: "other",
  anonymous: "other",
};

let t: TestApp;
let baseUrl: string;
const people = {} as Record<Exclude<Viewer, "anonymous">, TestAccount>;
let values: Record<AttributeKey, string | number>;
let postId: string;
let ownerHandle: string;

/** The ways a value can be written in a body: as is, inside a JSON string, and HTML-escaped. */
function appearsIn(body: string, value: string | number): boolean {
  if (typeof value === "number") return new RegExp(`(?<![\\w.])${value}(?!\\w)`).test(body);
  const html = value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  return [value, JSON.stringify(value).slice(1, -1), html].some((form) => body.includes(form));
}

async function save(audiences: Partial<AttributeAudiences>, consent: readonly string[] = []) {
  const res = await inject(t, people.owner, "PUT", `/api/profiles/${people.owner.userId}`, {
    fullName: "Olive Owner",
    emailAddress: people.owner.email,
    city: CITY,
    details: DETAILS,
    audiences,
    consent,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
}

const who = (viewer: Viewer) => (viewer === "anonymous" ? null : people[viewer]);

/** Every read path that shows the owner, as this viewer, each with the attributes it can carry. */
async function readPaths(
  viewer: Viewer,
): Promise<{ path: string; body: string; shows: AttributeKey[] }[]> {
  const account = who(viewer);
  const get = async (url: string) => {
    const res = await inject(t, account, "GET", url);
    return res.body;
  };
  const card: AttributeKey[] = ["state", "city", "age", "height", "kids"];
  const paths = [
    {
      path: "profile API",
      body: await get(`/api/profiles/${ownerHandle}`),
      shows: [...AUDIENCE_ATTRIBUTES],
    },
    // The page carries the profile API's answer for the same viewer (http/page-preview.ts).
    {
      path: "profile HTML",
      body: await get(`/${ownerHandle}`),
      shows: [...AUDIENCE_ATTRIBUTES],
    },
    { path: "post", body: await get(`/api/posts/${postId}`), shows: [] },
  ];
  if (account) {
    const signedIn = [
      // Nobody finds themselves in advanced search (docs/search.md), so the owner's results carry none.
      {
        path: "search results",
        url: "/api/search/profiles?q=Olive%20Owner",
        shows: viewer === "owner" ? [] : card,
      },
      { path: "newest profiles", url: "/api/search/recent", shows: card },
      { path: "header search", url: "/api/search/people?q=olive", shows: [] },
      {
        path: "followers of the friend",
        url: `/api/follows/${people.friend.userId}/followers`,
        shows: [],
      },
      { path: "feed", url: "/api/feed", shows: [] },
      { path: "mail", url: "/api/mail/threads", shows: [] },
      { path: "activity", url: "/api/activity", shows: [] },
    ];
    for (const p of signedIn) paths.push({ path: p.path, body: await get(p.url), shows: p.shows });
  }
  return paths;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const names = ["Olive Owner", "Fay Friend", "Finn Follower", "Sam Stranger", "Bea Blocked"];
  const [owner, friend, follower, stranger, blocked] = (await Promise.all(
    names.map((fullName) => createAccount(t, { fullName })),
  )) as [TestAccount, TestAccount, TestAccount, TestAccount, TestAccount];
  Object.assign(people, { owner, friend, follower, stranger, blocked });
  const saved = await save({});
  ownerHandle = saved.handle;
  values = { ...DETAILS, city: CITY, county: saved.attributes.county };
  // Relations: a friend (both follow), a follower only, a stranger, and a blocked person.
  await follow(t, owner, friend);
  await follow(t, friend, owner);
  await follow(t, follower, owner);
  // The owner appears in everyone's mail and activity: a message and a like each.
  for (const other of [friend, follower, stranger]) {
    const thread = await inject(t, owner, "POST", "/api/mail/threads/direct", {
      userId: other.userId,
    });
    const threadId = thread.json().thread.id as string;
    await inject(t, owner, "POST", `/api/mail/threads/${threadId}/messages`, {
      body: "Hello there",
    });
    const theirs = await publish(t, other, `A post by ${other.userId}`);
    await inject(t, owner, "POST", `/api/posts/${theirs.id}/like`);
  }
  expect((await inject(t, owner, "POST", `/api/safety/blocks/${blocked.userId}`)).statusCode).toBe(
    200,
  );
  postId = (await publish(t, owner, "Olive writes a post")).id;
});
afterAll(async () => {
  await t.close();
});

describe("the owner's values", () => {
  it("are told apart: none is written inside another, a name or an e-mail", () => {
    const texts = [
      ...Object.values(people).flatMap((p) => [p.email, p.handle]),
      "Olive Owner Fay Friend Finn Follower Sam Stranger Bea Blocked Hello there",
    ];
    for (const [key, value] of Object.entries(values)) {
      expect(value, key).not.toBeNull();
      for (const [other, text] of Object.entries(values)) {
        if (other !== key) expect(appearsIn(String(text), value), `${key} in ${other}`).toBe(false);
      }
      for (const text of texts) expect(appearsIn(text, value), `${key} in ${text}`).toBe(false);
    }
  });
});

/** Every attribute at one audience, then a mix where neighbours differ (no attribute leaks
 * through another's setting), then the city hidden while all else is shown: the county the server
 * filled in from it must not tell where the owner lives. */
const ROUNDS: { name: string; audienceOf: (key: AttributeKey, i: number) => Audience }[] = [
  ...AUDIENCES.map((audience) => ({ name: `all ${audience}`, audienceOf: () => audience })),
  { name: "mixed", audienceOf: (_key, i) => AUDIENCES[i % 3] as Audience },
  { name: "mixed, shifted", audienceOf: (_key, i) => AUDIENCES[(i + 1) % 3] as Audience },
  ...(["friends", "only_me"] as const).map((city) => ({
    name: `city ${city}, all else everyone`,
    audienceOf: (key: AttributeKey) => (key === "city" ? city : "everyone"),
  })),
];

describe.each(ROUNDS)("with $name", ({ audienceOf }) => {
  const audiences = Object.fromEntries(
    AUDIENCE_ATTRIBUTES.map((key, i) => [key, audienceOf(key, i)]),
  ) as AttributeAudiences;
  // Who may see each value: the county no more people than the city (domain/audiences.ts).
  const shownTo = effectiveAudiences(audiences, { city: CITY });
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    await save(audiences, SENSITIVE_ATTRIBUTES);
    // Realtime: everyone signed in listens while the owner saves again and posts.
    for (const viewer of VIEWERS) {
      const account = who(viewer);
      if (account) sockets.push(await connectRealtime(baseUrl, account.cookie));
    }
    await save(audiences);
    await publish(t, people.owner, "Olive posts while everyone listens");
    await Promise.all([0, 1, 2].map((i) => sockets[i]?.waitFor((m) => m.type === "post.created")));
  });
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  it.each(VIEWERS)("%s reads each attribute exactly where its audience allows", async (viewer) => {
    const paths = await readPaths(viewer);
    expect(paths.length).toBeGreaterThanOrEqual(viewer === "anonymous" ? 3 : 10);
    for (const { path, body, shows } of paths) {
      for (const key of AUDIENCE_ATTRIBUTES) {
        const allowed =
          viewer !== "blocked" && shows.includes(key) && mayView(shownTo[key], STANDING[viewer]);
        expect(appearsIn(body, values[key]), `${key} (${shownTo[key]}) in ${path}`).toBe(allowed);
      }
    }
  });

  it("sends no hidden value in any realtime frame", () => {
    const heard = ["owner", "friend", "follower", "stranger", "blocked"] as const;
    heard.forEach((viewer, i) => {
      const frames = JSON.stringify(sockets[i]?.messages ?? []);
      if (viewer !== "stranger" && viewer !== "blocked") expect(frames).toContain("post.created");
      for (const key of AUDIENCE_ATTRIBUTES) {
        const seen = viewer !== "blocked" && mayView(shownTo[key], STANDING[viewer]);
        if (!seen) expect(appearsIn(frames, values[key]), `${key} to ${viewer}`).toBe(false);
      }
    });
  });
});
