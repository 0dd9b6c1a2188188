import { describe, expect, it } from "vitest";
import { isWhoMay, messagesRefusal, replyLimitLine, replyRefusal } from "./reply-controls";

describe("the words of 'Who can reply'", () => {
  it.each([
    ["everyone", null, "You can't reply to this post."],
    ["following", "Only people @ann follows can reply", "Only people @ann follows can reply."],
    ["friends", "Only @ann's friends can reply", "Only @ann's friends can reply."],
    ["nobody", "Replies are off", "Replies are off."],
  ] as const)("%s", (policy, line, refusal) => {
    expect(replyLimitLine(policy, "ann")).toBe(line);
    expect(replyRefusal(policy, "ann")).toBe(refusal);
  });

  it.each([
    ["everyone", true],
    ["nobody", true],
    ["Everyone", false],
    ["only_me", false],
    ["", false],
    [null, false],
  ])("%s is a choice: %s", (value, known) => {
    expect(isWhoMay(value)).toBe(known);
  });

  it("refuses a message naming the person and no circle", () => {
    expect(messagesRefusal("Ann Lee")).toBe("Ann Lee doesn't accept messages from you.");
  });
});
