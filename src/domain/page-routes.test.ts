import { describe, expect, it } from "vitest";
import { pageRoute } from "./page-routes";

describe("pageRoute", () => {
  it.each([
    ["/", { kind: "home" }],
    ["/signup", { kind: "signup" }],
    ["/auth/callback", { kind: "auth-callback" }],
    ["/policies", { kind: "policies" }],
    ["/about/", { kind: "about" }],
    ["/transparency", { kind: "transparency" }],
    ["/mail", { kind: "mail" }],
    ["/activity", { kind: "activity" }],
    ["/bookmarks", { kind: "bookmarks" }],
    ["/tags/Caf%C3%A9", { kind: "tag", tag: "café" }],
    ["/tags/%23ada", { kind: "tag", tag: "ada" }],
    ["/tags/123", { kind: "not-found" }],
    ["/tags/a-b", { kind: "not-found" }],
    ["/tags", { kind: "profile", handle: "tags" }],
    ["/search", { kind: "search" }],
    ["/settings", { kind: "settings" }],
    ["/settings/appeal/YWN0aW9u.dXNlcg.mac", { kind: "appeal" }],
    ["/settings/appeal", { kind: "post", handle: "settings", slug: "appeal" }],
    ["/admin/reports", { kind: "moderation" }],
    ["/checkout-success", { kind: "checkout-success" }],
    ["/checkout-success/cs_123", { kind: "checkout-success" }],
    ["/checkout/test/abc", { kind: "test-checkout" }],
    ["/ada/edit-profile", { kind: "edit-profile" }],
    ["/Ada", { kind: "profile", handle: "ada" }],
    ["/@ada", { kind: "profile", handle: "ada" }],
    ["/login", { kind: "profile", handle: "login" }],
    ["/ada/hello-world", { kind: "post", handle: "ada", slug: "hello-world" }],
    ["/ada/caf%C3%A9", { kind: "post", handle: "ada", slug: "café" }],
    ["/a/b/c", { kind: "not-found" }],
    ["/checkout-success/a/b", { kind: "not-found" }],
    ["/checkout/test", { kind: "post", handle: "checkout", slug: "test" }],
    ["/ada/%E0%A4%A", { kind: "not-found" }],
    ["/@", { kind: "not-found" }],
  ])("%s → %o", (pathname, route) => {
    expect(pageRoute(pathname)).toEqual(route);
  });
});
