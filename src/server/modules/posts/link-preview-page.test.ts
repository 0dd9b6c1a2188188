// A linked page's head read for its card (docs/feed.md "Link previews").
import { describe, expect, it } from "vitest";
import { readOembed, readPageHead } from "./link-preview-page";

const PAGE = "https://news.example/story/1";

describe("readPageHead", () => {
  it("takes the OpenGraph tags first, with the image resolved against the page", () => {
    const head = readPageHead(
      `<html><head><title>Plain title</title>
        <meta property="og:title" content="  The &amp; story ">
        <meta property="og:description" content="What happened.">
        <meta name="description" content="Not this one">
        <meta property="og:site_name" content="News">
        <meta property="og:image" content="/img/cover.png">
        <link rel="alternate" type="application/json+oembed" href="/oembed?url=x">
      </head><body>…</body></html>`,
      PAGE,
    );
    expect(head).toEqual({
      title: "The & story",
      description: "What happened.",
      siteName: "News",
      imageSource: "https://news.example/img/cover.png",
      oembed: "https://news.example/oembed?url=x",
    });
  });

  it("falls back to <title> and the meta description", () => {
    const head = readPageHead(
      `<title>Only a title</title><meta name="description" content="A description">`,
      PAGE,
    );
    expect(head).toMatchObject({
      title: "Only a title",
      description: "A description",
      siteName: null,
      imageSource: null,
    });
  });

  it("stops at the body: tags written there are not the page's", () => {
    const head = readPageHead(
      `<head><title>Head</title></head><body><meta property="og:title" content="Body">`,
      PAGE,
    );
    expect(head.title).toBe("Head");
  });

  it("keeps only http(s) images and cuts long texts", () => {
    const head = readPageHead(
      `<meta property="og:image" content="javascript:alert(1)"><title>${"t".repeat(500)}</title>`,
      PAGE,
    );
    expect(head.imageSource).toBeNull();
    expect(head.title).toHaveLength(200);
    expect(head.title?.endsWith("…")).toBe(true);
  });
});

describe("readOembed", () => {
  it("reads the title, provider and thumbnail", () => {
    expect(
      readOembed(
        JSON.stringify({
          type: "video",
          title: "A video",
          provider_name: "Tube",
          thumbnail_url: "/t.jpg",
        }),
        "https://tube.example/oembed",
      ),
    ).toEqual({
      title: "A video",
      description: null,
      siteName: "Tube",
      imageSource: "https://tube.example/t.jpg",
    });
  });

  it("is null for what is not a JSON object", () => {
    expect(readOembed("<xml/>", "https://tube.example/oembed")).toBeNull();
    expect(readOembed("42", "https://tube.example/oembed")).toBeNull();
  });
});
