import { describe, expect, it } from "vitest";
import { type PageText, pageText, SITE_TAGLINE, type TitledPage } from "./page-titles";

const ada = { fullName: "Ada Lovelace", handle: "ada" };

describe("pageText", () => {
  it.each<[string, TitledPage, string, PageText]>([
    ["home", { kind: "home" }, "chtcht", { title: "chtcht", description: SITE_TAGLINE }],
    [
      "a profile with an about text",
      { kind: "profile", ...ada, about: "  Poet of numbers  " },
      "chtcht",
      { title: "Ada Lovelace (@ada) · chtcht", description: "Poet of numbers" },
    ],
    [
      "a profile without one",
      { kind: "profile", ...ada, about: "   " },
      "Parlour",
      {
        title: "Ada Lovelace (@ada) · Parlour",
        description: "Ada Lovelace is on Parlour as @ada.",
      },
    ],
    [
      "a profile whose about is null",
      { kind: "profile", ...ada, about: null },
      "chtcht",
      { title: "Ada Lovelace (@ada) · chtcht", description: "Ada Lovelace is on chtcht as @ada." },
    ],
    [
      "a missing profile",
      { kind: "profile-not-found" },
      "chtcht",
      { title: "Profile Not Found · chtcht", description: "Sorry, we couldn't find that profile." },
    ],
    [
      "a person on another server",
      { kind: "remote-profile", handle: "carol@social.example" },
      "chtcht",
      {
        title: "@carol@social.example · chtcht",
        description:
          "@carol@social.example is on another server; people on chtcht can follow them.",
      },
    ],
    [
      "a post",
      { kind: "post", authorName: "Grace Hopper", handle: "grace", content: "Hello world" },
      "chtcht",
      { title: "Grace Hopper (@grace) · chtcht", description: "Hello world" },
    ],
    [
      "a missing post",
      { kind: "post-not-found" },
      "Parlour",
      { title: "Post not found · Parlour", description: "This post is no longer available." },
    ],
    [
      "the activity page",
      { kind: "activity" },
      "chtcht",
      { title: "Activity · chtcht", description: "Your chtcht activity." },
    ],
    [
      "the bookmarks page",
      { kind: "bookmarks" },
      "chtcht",
      { title: "Bookmarks · chtcht", description: "The posts you keep on chtcht." },
    ],
    [
      "a tag's page",
      { kind: "tag", tag: "café" },
      "chtcht",
      { title: "#café · chtcht", description: "Posts tagged #café on chtcht." },
    ],
    [
      "the mail page",
      { kind: "mail" },
      "chtcht",
      { title: "Mail · chtcht", description: "Your chtcht conversations." },
    ],
    [
      "the search page",
      { kind: "search" },
      "chtcht",
      { title: "Search · chtcht", description: "Find people on chtcht by name and by category." },
    ],
    [
      "the edit profile page",
      { kind: "edit-profile" },
      "Parlour",
      { title: "Edit Profile · Parlour", description: "Edit your Parlour profile." },
    ],
    [
      "the settings page",
      { kind: "settings" },
      "chtcht",
      {
        title: "Settings · chtcht",
        description:
          "Where you're signed in on chtcht, your password, and the people you blocked or muted.",
      },
    ],
    [
      "a suspension's appeal page",
      { kind: "appeal" },
      "chtcht",
      {
        title: "Appeal a decision · chtcht",
        description: "Appeal a chtcht moderator's decision on your account.",
      },
    ],
    [
      "the moderation queue",
      { kind: "moderation" },
      "chtcht",
      {
        title: "Moderation · chtcht",
        description: "Reports from chtcht members and the moderators' actions.",
      },
    ],
  ])("%s", (_label, page, siteName, text) => expect(pageText(page, siteName)).toEqual(text));
});
