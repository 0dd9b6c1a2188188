import { describe, expect, it } from "vitest";
import { textToHtml } from "./note-html";

const zed = { handle: "zed@social.example", url: "https://social.example/@zed" };
const linked =
  '<span class="h-card" translate="no"><a href="https://social.example/@zed" class="u-url mention">@<span>zed</span></a></span>';

describe("textToHtml", () => {
  it.each([
    ["a <b> & 'c'", [], "<p>a &lt;b&gt; &amp; &#39;c&#39;</p>"],
    ["one\ntwo\n\nthree", [], "<p>one<br>two</p><p>three</p>"],
    ["hi @Zed@Social.Example!", [zed], `<p>hi ${linked}!</p>`],
    // Only the people the Note tags are links; the rest stays text.
    ["hi @zed@social.example and @ann", [], "<p>hi @zed@social.example and @ann</p>"],
    ["@zed@social.example\n<x>", [zed], `<p>${linked}<br>&lt;x&gt;</p>`],
  ])("%j", (text, mentions, html) => expect(textToHtml(text, mentions)).toBe(html));
});

describe("textToHtml with hashtags", () => {
  const tagsAt = "https://here.test/tags/";
  it("links each #tag to its page here by its key, keeping the text as written", () => {
    expect(textToHtml("Morning #Café!\nsee https://x.test/#a & #日本語", [zed], tagsAt)).toBe(
      `<p>Morning <a href="https://here.test/tags/caf%C3%A9" class="mention hashtag" rel="tag">#<span>Café</span></a>!<br>see https://x.test/#a &amp; <a href="https://here.test/tags/%E6%97%A5%E6%9C%AC%E8%AA%9E" class="mention hashtag" rel="tag">#<span>日本語</span></a></p>`,
    );
  });

  it("leaves tags as text without a place to link them", () => {
    expect(textToHtml("#Café", [])).toBe("<p>#Café</p>");
  });
});
