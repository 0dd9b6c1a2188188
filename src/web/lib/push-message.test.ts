// How a push is shown (docs/notifications.md "Push"): our JSON becomes a notification with its
// title, body, topic as tag and page; anything else shows nothing; a page elsewhere is never opened.
import { describe, expect, it } from "vitest";
import { notificationOf, openTarget } from "./push-message";

const ORIGIN = "https://chtcht.example";

describe("notificationOf", () => {
  it("shows the title, body, topic and page of our payload", () => {
    const shown = notificationOf(
      JSON.stringify({
        type: "comment",
        title: "Ben commented on your post",
        body: "Lovely!",
        url: "/ann/a-walk",
        topic: "post-42",
      }),
      ORIGIN,
    );
    expect(shown).toEqual({
      title: "Ben commented on your post",
      options: {
        body: "Lovely!",
        tag: "post-42",
        icon: "/icons/icon-192.png",
        badge: "/icons/maskable-192.png",
        data: { url: `${ORIGIN}/ann/a-walk` },
      },
    });
  });

  it("shows nothing for a payload that is not ours", () => {
    for (const raw of ["", "not json", "null", "[]", JSON.stringify({ body: "no title" })]) {
      expect(notificationOf(raw, ORIGIN)).toBeNull();
    }
  });

  it("never opens a page of another site, and cuts long words", () => {
    const shown = notificationOf(
      JSON.stringify({ title: "t".repeat(500), url: "https://evil.example/x" }),
      ORIGIN,
    );
    expect(shown?.title).toHaveLength(120);
    expect(shown?.options.data.url).toBe(`${ORIGIN}/`);
    expect(openTarget({ url: "//evil.example/y" }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(openTarget({ url: "/mail?thread=1" }, ORIGIN)).toBe(`${ORIGIN}/mail?thread=1`);
    expect(openTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
