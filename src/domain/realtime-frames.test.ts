import { describe, expect, it } from "vitest";
import { serverMessage } from "./realtime-events";
import { asServerMessage, SERVER_MESSAGE_FIELDS } from "./realtime-frames";

describe("the browser's check of realtime frames", () => {
  it("names every server message and exactly the fields its schema requires", () => {
    const fromSchemas = Object.fromEntries(
      serverMessage.options.map((option) => {
        const { type, ...rest } = option.shape;
        const required = Object.entries(rest)
          .filter(([, field]) => !field.safeParse(undefined).success)
          .map(([name]) => name);
        return [type.value, required];
      }),
    );
    expect(SERVER_MESSAGE_FIELDS).toEqual(fromSchemas);
  });

  it("keeps known messages with their fields and drops the rest", () => {
    expect(asServerMessage({ type: "pong" })).toEqual({ type: "pong" });
    expect(asServerMessage({ type: "mail.read", threadId: "t1" })).toEqual({
      type: "mail.read",
      threadId: "t1",
    });
    expect(asServerMessage({ type: "post.created", id: "p1" })).toBeNull();
    expect(asServerMessage({ type: "mail.read", threadId: null })).toBeNull();
    expect(asServerMessage({ type: "toString" })).toBeNull();
    expect(asServerMessage({ type: 7 })).toBeNull();
    expect(asServerMessage(["pong"])).toBeNull();
    expect(asServerMessage(null)).toBeNull();
  });
});
