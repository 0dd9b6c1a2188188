// What other servers write in HTML (posts, bios), as our plain text (docs/federation.md "Posts from
// elsewhere"): links as their text, images left out, no wrapping. Compiled once: building the
// converter's selectors again for every post cost about a twentieth of an inbound activity's CPU
// (docs/performance.md "Federation").
import { compile } from "html-to-text";

export const htmlText = compile({
  wordwrap: false,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
  ],
});
