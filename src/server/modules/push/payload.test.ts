// What each kind of push says and how the push service is asked to treat it
// (docs/notifications.md "Push"): TTL, urgency and a collapse topic web-push accepts.
import { describe, expect, it } from "vitest";
import type { PushNotice } from "../../outbox/messages";
import { composePush, shortened } from "./payload";
import { kindOfNotice } from "./tell";

const from = { name: "Bo Brand", profile: "/bo" };
const postId = "4a0f7f3e-1c55-4e3b-9a57-0d2f1f1e9c11";
const threadId = "9d3c1e0a-77b2-4f0e-8a51-3c6e2b9d4f20";

describe("composePush", () => {
  it.each<[PushNotice, string, number, string]>([
    [{ kind: "like", actorId: "b", postId }, "Bo Brand liked your post", 6 * 3600, "low"],
    [
      { kind: "comment", actorId: "b", postId, reply: false },
      "Bo Brand commented on your post",
      86_400,
      "normal",
    ],
    [
      { kind: "follow", actorId: "b", request: true },
      "Bo Brand asked to follow you",
      86_400,
      "low",
    ],
    [
      { kind: "message", threadId, from: { userId: "b" }, preview: null },
      "New message from Bo Brand",
      86_400,
      "high",
    ],
    [
      { kind: "message", threadId, from: { address: "x@elsewhere.example" }, preview: "Hi" },
      "Bo Brand: Hi",
      86_400,
      "high",
    ],
    [{ kind: "mention", actorId: "b", postId }, "Bo Brand mentioned you", 86_400, "normal"],
    [
      { kind: "repost", actorId: "b", postId, quote: null },
      "Bo Brand reposted your post",
      6 * 3600,
      "low",
    ],
    [
      {
        kind: "repost",
        elsewhere: { name: "Bo", handle: "bo@far.example" },
        postId,
        quote: postId,
      },
      "Bo Brand quoted your post",
      6 * 3600,
      "low",
    ],
    [
      { kind: "moderation" },
      "A moderator made a decision about your account. Open the app to read it.",
      7 * 86_400,
      "normal",
    ],
    [
      { kind: "moderation", report: true },
      "A moderator reviewed your report. Open Activity to read what happened.",
      7 * 86_400,
      "low",
    ],
    [{ kind: "badge", approved: true }, "Your badge request was approved.", 7 * 86_400, "normal"],
  ])("%o says %s, TTL %i, urgency %s", (notice, body, ttl, urgency) => {
    const { payload, options } = composePush(notice, { recipientId: "a", from });
    expect(payload.body).toBe(body);
    expect(payload.type).toBe(kindOfNotice(notice));
    expect(options.TTL).toBe(ttl);
    expect(options.urgency).toBe(urgency);
    expect(options.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it("collapses pushes about one post, one thread, one person's followers", () => {
    const topic = (notice: PushNotice, recipientId = "a") =>
      composePush(notice, { recipientId, from }).options.topic;
    const like = { kind: "like", actorId: "b", postId } as const;
    expect(topic(like)).toBe(topic({ ...like, actorId: "c" }));
    expect(topic(like)).not.toBe(topic({ ...like, postId: threadId }));
    expect(topic(like)).not.toBe(topic({ kind: "comment", actorId: "b", postId, reply: false }));
    const follow = { kind: "follow", actorId: "b", request: false } as const;
    expect(topic(follow)).toBe(topic({ ...follow, actorId: "c" }));
    expect(topic(follow)).not.toBe(topic(follow, "z"));
  });

  it("opens the post, the thread, the follower's profile", () => {
    const url = (notice: PushNotice) => composePush(notice, { recipientId: "a", from }).payload.url;
    expect(url({ kind: "like", actorId: "b", postId })).toBe(`/post/${postId}`);
    expect(url({ kind: "follow", actorId: "b", request: false })).toBe("/bo");
    expect(url({ kind: "follow", actorId: "b", request: true })).toBe("/activity");
    expect(url({ kind: "mention", actorId: "b", postId: null })).toBe("/activity");
    expect(url({ kind: "moderation", report: true })).toBe("/activity");
    expect(url({ kind: "repost", actorId: "b", postId, quote: threadId })).toBe(
      `/post/${threadId}`,
    );
    expect(url({ kind: "message", threadId, from: { userId: "b" }, preview: null })).toBe(
      `/mail?thread=${threadId}`,
    );
  });
});

describe("shortened", () => {
  it.each([
    ["Hello", "Hello"],
    ["  two\n\nlines  ", "two lines"],
    ["x".repeat(121), `${"x".repeat(119)}…`],
    ["x".repeat(120), "x".repeat(120)],
  ])("%j → %j", (text, expected) => {
    expect(shortened(text)).toBe(expected);
  });
});
