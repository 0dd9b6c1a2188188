import { describe, expect, it } from "vitest";
import { threadComments } from "./comment-threads";
import type { CommentView } from "./contracts/posts";

const comment = (id: string, parentCommentId: string | null = null): CommentView => ({
  id,
  postId: "p",
  author: {
    userId: "u",
    fullName: "U",
    handle: "u",
    username: null,
    profileImageUrl: null,
    verificationType: "none",
    veteran: false,
  },
  content: id,
  parentCommentId,
  likesCount: 0,
  likedByMe: false,
  deleted: false,
  contentWarning: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const shape = (list: CommentView[]) =>
  threadComments(list).map((t) => [t.id, t.replies.map((r) => r.id)]);

describe("threadComments", () => {
  it.each([
    ["no comments", [], []],
    [
      "top-level only, in order",
      [comment("a"), comment("b")],
      [
        ["a", []],
        ["b", []],
      ],
    ],
    [
      "replies under their comment, oldest first",
      [comment("a"), comment("b"), comment("r1", "a"), comment("r2", "b"), comment("r3", "a")],
      [
        ["a", ["r1", "r3"]],
        ["b", ["r2"]],
      ],
    ],
    ["a reply whose comment is not loaded is left out", [comment("r", "gone")], []],
    ["a comment repeated across pages appears once", [comment("a"), comment("a")], [["a", []]]],
  ])("%s", (_label, list, expected) => {
    expect(shape(list)).toEqual(expected);
  });
});
