import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PageMetaInput, usePageMeta } from "./document-head";

const content = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(selector)?.getAttribute("content") ?? null;

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="Brand your username." />';
  document.title = "chtcht";
});
afterEach(() => {
  document.head.innerHTML = "";
});

describe("usePageMeta", () => {
  it("sets title, description, canonical, og:* and twitter:*, then puts <head> back", () => {
    const meta: PageMetaInput = {
      title: "Ada (@ada) · chtcht",
      description: "x".repeat(400),
      image: "/media/a.jpg",
      canonicalPath: "/ada",
      type: "profile",
    };
    const { unmount } = renderHook(() => usePageMeta(meta));
    const origin = window.location.origin;
    expect(document.title).toBe("Ada (@ada) · chtcht");
    expect(content('meta[name="description"]')).toHaveLength(298); // 297 characters and an ellipsis, as the server cuts it;
    expect(content('meta[property="og:title"]')).toBe(meta.title);
    expect(content('meta[property="og:type"]')).toBe("profile");
    expect(content('meta[property="og:url"]')).toBe(`${origin}/ada`);
    expect(content('meta[property="og:image"]')).toBe(`${origin}/media/a.jpg`);
    expect(content('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(content('meta[name="twitter:image"]')).toBe(`${origin}/media/a.jpg`);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      `${origin}/ada`,
    );

    unmount();
    expect(document.title).toBe("chtcht");
    expect(content('meta[name="description"]')).toBe("Brand your username.");
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("without an image, uses the small card and no image tags; null leaves <head> alone", () => {
    const { rerender } = renderHook((meta: PageMetaInput | null) => usePageMeta(meta), {
      initialProps: null as PageMetaInput | null,
    });
    expect(document.title).toBe("chtcht");
    rerender({ title: "Edit Profile · chtcht", description: "Edit." });
    expect(content('meta[name="twitter:card"]')).toBe("summary");
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });
});
