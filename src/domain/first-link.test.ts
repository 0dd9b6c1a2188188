import { describe, expect, it } from "vitest";
import { firstLink, LINK_MAX, linkSegments, normalLink } from "./first-link";

describe("firstLink", () => {
  it("finds the first http or https link, normalized", () => {
    expect(firstLink("read https://Example.com/a?b=1 and http://other.example")).toBe(
      "https://example.com/a?b=1",
    );
    expect(firstLink("see http://example.com")).toBe("http://example.com/");
  });

  it("leaves out the sentence's punctuation and the fragment", () => {
    expect(firstLink("This: https://example.com/page.")).toBe("https://example.com/page");
    expect(firstLink("(at https://example.com/x), then")).toBe("https://example.com/x");
    expect(firstLink("https://en.wikipedia.org/wiki/Foo_(bar) is")).toBe(
      "https://en.wikipedia.org/wiki/Foo_(bar)",
    );
    expect(firstLink("https://example.com/a#section!")).toBe("https://example.com/a");
  });

  it("is null without a link, or for what no preview is made of", () => {
    expect(firstLink("no link here, example.com neither")).toBeNull();
    expect(firstLink("ftp://example.com/file")).toBeNull();
    expect(firstLink("https://localhost/x")).toBeNull();
    expect(firstLink("https://user:pw@example.com/")).toBeNull();
    expect(firstLink(`https://example.com/${"a".repeat(LINK_MAX)}`)).toBeNull();
  });

  it("normalLink takes a link as the composer sends it", () => {
    expect(normalLink("https://EXAMPLE.com")).toBe("https://example.com/");
    expect(normalLink("javascript:alert(1)")).toBeNull();
    expect(normalLink("not a url")).toBeNull();
  });
});

describe("linkSegments", () => {
  it.each([
    ["no link here", [{ kind: "text", text: "no link here" }]],
    [
      "read https://example.com/a#b.",
      [
        { kind: "text", text: "read " },
        { kind: "link", text: "https://example.com/a#b" },
        { kind: "text", text: "." },
      ],
    ],
    [
      "(https://en.wikipedia.org/wiki/Foo_(bar)) and http://x.example",
      [
        { kind: "text", text: "(" },
        { kind: "link", text: "https://en.wikipedia.org/wiki/Foo_(bar)" },
        { kind: "text", text: ") and " },
        { kind: "link", text: "http://x.example" },
      ],
    ],
    [
      "https://localhost/x and https://u:p@example.com stay text",
      [{ kind: "text", text: "https://localhost/x and https://u:p@example.com stay text" }],
    ],
  ] as const)("cuts %j", (text, parts) => {
    expect(linkSegments(text)).toEqual(parts);
    expect(
      linkSegments(text)
        .map((part) => part.text)
        .join(""),
    ).toBe(text);
  });
});
