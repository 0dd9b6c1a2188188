// Input the database cannot hold, hand-made cursors and odd requests: always a clear 4xx in the
// error shape, never a 500 (docs/architecture.md "Request path", ARCHITECTURE.md "Contracts").
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeRequests } from "../db/schema/badges";
import { posts } from "../db/schema/posts";
import { profiles } from "../db/schema/profiles";
import { createAccount, type TestAccount } from "../test-support/accounts";
import { multipartFile, multipartPost } from "../test-support/multipart";
import { inject, publish } from "../test-support/social";
import { createTestApp, type TestApp } from "../test-support/test-app";

let t: TestApp;
let ada: TestAccount;
let bob: TestAccount;
let postId: string;
beforeAll(async () => {
  t = await createTestApp();
  [ada, bob] = await Promise.all([createAccount(t), createAccount(t)]);
  postId = (await publish(t, ada, "A post to comment on")).id;
});
afterAll(async () => {
  await t.close();
});

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A 400 in the error shape naming the field. */
function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const { error } = res.json() as { error: { code: string; fields?: Record<string, string[]> } };
  expect(error.code).toBe("validation_error");
  expect(Object.keys(error.fields ?? {})).toContain(field);
}

describe("a NUL or control character anywhere in the input", () => {
  it.each([
    ["a profile handle", "/api/profiles/al%00ice", "handle"],
    ["the people search", "/api/search/people?q=a%00b", "q"],
    ["a post path", "/api/posts/by-path/alice/x%00y", "slug"],
    ["a user's posts", "/api/users/a%00b/posts", "userId"],
    ["a username check", "/api/usernames/a%00b/availability", "name"],
    ["the city search", "/api/city-search?q=Aus%07tin", "q"],
  ])("is refused in %s (visitor): 400 naming the field", async (_label, url, field) => {
    expectRefused(await inject(t, null, "GET", url), field);
  });

  it("is refused in a reset token", async () => {
    const res = await inject(t, null, "POST", "/api/auth/reset-password", {
      token: "a\u0000b",
      password: "violet kettle 7342",
    });
    expectRefused(res, "token");
  });

  it.each([
    ["follow status", "GET", "/api/follows/status/a%00b", undefined, "userId"],
    ["follow toggle", "POST", "/api/follows/toggle", { targetUserId: "a\u0000b" }, "targetUserId"],
    ["a new post", "POST", "/api/posts", { content: "hello\u0000world" }, "content"],
    ["a post edit", "PATCH", "/api/posts/:post", { content: "bell\u0007" }, "content"],
    ["a comment", "POST", "/api/posts/:post/comments", { content: "a\u0000b" }, "content"],
  ] as const)("is refused in %s (signed in)", async (_label, method, url, payload, field) => {
    const res = await inject(t, ada, method, url.replace(":post", postId), payload);
    expectRefused(res, field);
  });

  it("is refused in a profile update, and nothing is saved", async () => {
    const res = await inject(t, ada, "PUT", `/api/profiles/${ada.userId}`, {
      fullName: "Ada",
      emailAddress: ada.email,
      about: "line\u0000two",
      details: {},
    });
    expectRefused(res, "about");
    const profile = await inject(t, null, "GET", `/api/profiles/${ada.handle}`);
    expect(profile.json().profile.about).toBeNull();
  });

  it("is refused in the text field of a multipart post", async () => {
    const form = await multipartPost("x\u0000y", Buffer.alloc(0));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...form.headers, cookie: ada.cookie },
      payload: form.payload,
    });
    expectRefused(res, "content");
  });

  it("keeps tabs and line breaks in text", async () => {
    const res = await inject(t, bob, "POST", "/api/posts", { content: "one\r\n\ttwo" });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.content).toBe("one\r\n\ttwo");
  });

  it("answers the page /al%00ice with a 4xx without asking the database", async () => {
    const res = await t.app.inject({ method: "GET", url: "/al%00ice" });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain("Something went wrong");
  });

  it("answers a post path with a NUL as a 4xx page too", async () => {
    const res = await t.app.inject({ method: "GET", url: `/${ada.handle}/x%00y` });
    expect(res.statusCode).toBe(400);
  });
});

describe("hand-made cursors", () => {
  const cursors = [
    ["an id that is not a UUID", cursorOf({ at: "2024-01-01T00:00:00.000Z", id: "not-a-uuid" })],
    [
      "a date past year 9999",
      cursorOf({ at: "+275760-09-13T00:00:00.000Z", id: "00000000-0000-4000-8000-000000000000" }),
    ],
    ["garbage", "%%%"],
  ];

  it.each(cursors)("%s on /api/feed: 400 'Invalid cursor'", async (_label, cursor) => {
    const res = await inject(t, ada, "GET", `/api/feed?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Invalid cursor");
  });

  it.each(cursors)("%s on the Activity page: 400 'Invalid cursor'", async (_label, cursor) => {
    const res = await inject(t, ada, "GET", `/api/activity?cursor=${encodeURIComponent(cursor)}`);
    expectRefused(res, "cursor");
    expect(res.json().error.message).toBe("Invalid cursor");
  });

  it.each(cursors)("%s on a user's posts (visitor): 400 'Invalid cursor'", async (_l, cursor) => {
    const url = `/api/users/${ada.userId}/posts?cursor=${encodeURIComponent(cursor)}`;
    const res = await inject(t, null, "GET", url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Invalid cursor");
  });
});

describe("malformed multipart bodies", () => {
  const UPLOAD_ROUTES = [
    ["a new post", "POST", () => "/api/posts"],
    ["an avatar", "PUT", (who: TestAccount) => `/api/profiles/${who.userId}/avatar`],
    ["a picture", "PUT", (who: TestAccount) => `/api/profiles/${who.userId}/pictures/2`],
    ["a veteran proof", "POST", () => "/api/badges/veteran"],
    ["a face check", "POST", () => "/api/verification/face"],
  ] as const;

  /** A well-formed one-file form, to be broken in the ways below. */
  const wellFormed = () => multipartFile(Buffer.from("%PDF-1.4 proof"), "proof.pdf", "image/jpeg");

  const MALFORMED: [string, () => Promise<{ type: string; body: Buffer }>][] = [
    [
      "garbage under a boundary",
      async () => ({
        type: "multipart/form-data; boundary=zz",
        body: Buffer.from("garbage-not-multipart"),
      }),
    ],
    [
      "a boundary other than the body's",
      async () => ({
        type: "multipart/form-data; boundary=not-the-one-used",
        body: (await wellFormed()).payload,
      }),
    ],
    [
      "a body cut short inside its file",
      async () => {
        const form = await wellFormed();
        return { type: form.headers["content-type"], body: form.payload.subarray(0, 150) };
      },
    ],
    [
      "no boundary parameter",
      async () => ({ type: "multipart/form-data", body: (await wellFormed()).payload }),
    ],
    [
      "a boundary longer than multipart allows",
      async () => ({
        type: `multipart/form-data; boundary=${"b".repeat(300)}`,
        body: (await wellFormed()).payload,
      }),
    ],
  ];

  let uploader: TestAccount;
  beforeAll(async () => {
    uploader = await createAccount(t, { label: "malformed" });
  });

  /** What an upload would store: posts, avatar, pictures, verification, badge requests. */
  async function stored() {
    const [profile] = await t.database.db
      .select({ avatar: profiles.profileImageUrl, verification: profiles.verificationType })
      .from(profiles)
      .where(eq(profiles.userId, uploader.userId));
    const written = await t.database.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.userId, uploader.userId));
    const requests = await t.database.db
      .select({ id: badgeRequests.id })
      .from(badgeRequests)
      .where(eq(badgeRequests.userId, uploader.userId));
    const { pictures } = (await inject(t, null, "GET", `/api/profiles/${uploader.handle}`)).json()
      .profile;
    return { profile, posts: written.length, requests: requests.length, pictures };
  }

  describe.each(UPLOAD_ROUTES)("on %s", (_route, method, url) => {
    it.each(MALFORMED)(
      "answers %s with 400 in the error shape, storing nothing",
      async (_label, make) => {
        const before = await stored();
        const { type, body } = await make();
        const res = await t.app.inject({
          method,
          url: url(uploader),
          headers: { "content-type": type, cookie: uploader.cookie },
          payload: body,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: "validation_error",
            message: "This upload could not be read. Please try again.",
            requestId: res.headers["x-request-id"],
          },
        });
        expect(await stored()).toEqual(before);
      },
    );
  });
});

describe("requests the framework refuses", () => {
  it("accepts a logout with a JSON content type and an empty body, and ends the session", async () => {
    const person = await createAccount(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: person.cookie, "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await inject(t, person, "GET", "/api/feed")).statusCode).toBe(401);
  });

  it("answers an empty JSON body where fields are needed with the fields named", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_error");
  });

  it("answers an oversized header with 431 in the error shape (over a real socket)", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, path: "/api/feed", headers: { "x-big": "a".repeat(20_000) } },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                type: String(res.headers["content-type"]),
                body,
              }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: "validation_error",
        message: expect.any(String),
        requestId: expect.any(String),
      },
    });
  });

  it("answers a too-long path parameter with 414 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/posts/${"a".repeat(10_000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: {
        code: "validation_error",
        message: "This address is too long.",
        requestId: res.headers["x-request-id"],
      },
    });
  });
});

describe("display names", () => {
  it.each([
    ["only zero-width spaces", "\u200b\u200b\u200b"],
    ["only Hangul fillers", "\u3164\u3164"],
    ["only bidi overrides", "\u202e\u202d"],
  ])("refuses a registration whose name is %s", async (_label, fullName) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "10.31.0.1",
      payload: {
        email: `invisible.${Math.random().toString(36).slice(2, 8)}@example.com`,
        fullName,
        password: "violet kettle 7342",
        agreeToPolicies: true,
      },
    });
    expectRefused(res, "fullName");
  });

  it("saves a name without the hidden characters that made it look like another", async () => {
    const res = await inject(t, bob, "PUT", `/api/profiles/${bob.userId}`, {
      fullName: "\u202ebob\u200b",
      emailAddress: bob.email,
      details: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.fullName).toBe("bob");
  });
});

describe("link previews", () => {
  it("cuts a long description between emoji, never inside one", async () => {
    const post = await publish(t, bob, `${"a".repeat(296)}${"😀".repeat(20)}`);
    const res = await t.app.inject({ method: "GET", url: post.path });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("\ufffd");
    expect(res.body).toContain(`content="${"a".repeat(296)}😀…"`);
  });
});
