// The title and link-preview description of each page, for the configured site name (spec-1 §2
// "Page metadata … is set per profile and per post"). One source for both sides: the server
// writes them into the HTML for crawlers, the screens into <head> as the app navigates.

/** spec-1 §1: the product's tagline, also the description of pages without their own. */
export const SITE_TAGLINE =
  "Brand your username, discover people with categories, connect with public and private messaging.";

export type TitledPage =
  | { kind: "home" }
  | { kind: "signup" }
  | { kind: "auth-callback" }
  | { kind: "policies" }
  | { kind: "about" }
  | { kind: "transparency" }
  | { kind: "checkout-success" }
  | { kind: "test-checkout" }
  | { kind: "not-found" }
  | { kind: "profile"; fullName: string; handle: string; about?: string | null | undefined }
  | { kind: "profile-not-found" }
  /** A person on another server, `name@server.example` (docs/federation.md "Follows"). */
  | { kind: "remote-profile"; handle: string }
  | { kind: "post"; authorName: string; handle: string; content: string }
  | { kind: "post-not-found" }
  | { kind: "activity" }
  | { kind: "bookmarks" }
  | { kind: "tag"; tag: string }
  | { kind: "mail" }
  | { kind: "search" }
  | { kind: "edit-profile" }
  | { kind: "settings" }
  | { kind: "appeal" }
  | { kind: "moderation" };

export interface PageText {
  title: string;
  description: string;
}

const titled = (name: string, siteName: string) => `${name} · ${siteName}`;

export function pageText(page: TitledPage, siteName: string): PageText {
  switch (page.kind) {
    case "home":
      return { title: siteName, description: SITE_TAGLINE };
    case "signup":
      return {
        title: titled("Sign in", siteName),
        description: `Log in to ${siteName} or create an account.`,
      };
    case "auth-callback":
      return {
        title: titled("Email confirmation", siteName),
        description: `Confirming your e-mail address for ${siteName}.`,
      };
    case "policies":
      return {
        title: titled("Policies", siteName),
        description: `${siteName}'s Terms of Service, Privacy Policy, Messaging Policies and EULA.`,
      };
    case "about":
      return { title: titled("About", siteName), description: SITE_TAGLINE };
    case "transparency":
      return {
        title: titled("Transparency report", siteName),
        description: `How ${siteName} moderates, year by year: reports received, the time to act on them, actions taken, appeals and suspensions.`,
      };
    case "checkout-success":
      return {
        title: titled("Payment", siteName),
        description: `Your ${siteName} username purchase.`,
      };
    case "test-checkout":
      return {
        title: titled("Checkout", siteName),
        description: `Reserve a username on ${siteName}.`,
      };
    case "not-found":
      return {
        title: titled("Page not found", siteName),
        description: "The page you are looking for does not exist or has moved.",
      };
    case "profile":
      return {
        title: titled(`${page.fullName} (@${page.handle})`, siteName),
        description: page.about?.trim() || `${page.fullName} is on ${siteName} as @${page.handle}.`,
      };
    case "profile-not-found":
      return {
        title: titled("Profile Not Found", siteName),
        description: "Sorry, we couldn't find that profile.",
      };
    case "remote-profile":
      return {
        title: titled(`@${page.handle}`, siteName),
        description: `@${page.handle} is on another server; people on ${siteName} can follow them.`,
      };
    case "post":
      return {
        title: titled(`${page.authorName} (@${page.handle})`, siteName),
        description: page.content,
      };
    case "post-not-found":
      return {
        title: titled("Post not found", siteName),
        description: "This post is no longer available.",
      };
    case "activity":
      return { title: titled("Activity", siteName), description: `Your ${siteName} activity.` };
    case "bookmarks":
      return {
        title: titled("Bookmarks", siteName),
        description: `The posts you keep on ${siteName}.`,
      };
    case "tag":
      return {
        title: titled(`#${page.tag}`, siteName),
        description: `Posts tagged #${page.tag} on ${siteName}.`,
      };
    case "mail":
      return { title: titled("Mail", siteName), description: `Your ${siteName} conversations.` };
    case "search":
      return {
        title: titled("Search", siteName),
        description: `Find people on ${siteName} by name and by category.`,
      };
    case "edit-profile":
      return {
        title: titled("Edit Profile", siteName),
        description: `Edit your ${siteName} profile.`,
      };
    case "settings":
      return {
        title: titled("Settings", siteName),
        description: `Where you're signed in on ${siteName}, your password, and the people you blocked or muted.`,
      };
    case "appeal":
      return {
        title: titled("Appeal a decision", siteName),
        description: `Appeal a ${siteName} moderator's decision on your account.`,
      };
    case "moderation":
      return {
        title: titled("Moderation", siteName),
        description: `Reports from ${siteName} members and the moderators' actions.`,
      };
  }
}
