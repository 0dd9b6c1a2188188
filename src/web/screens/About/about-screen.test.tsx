import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRoutes, stubFetch } from "../../test-support/posts";
import { AboutScreen } from "./about-screen";

afterEach(() => vi.unstubAllGlobals());

const section = (title: string) => {
  const heading = screen.getByRole("heading", { name: title, level: 2 });
  return within(heading.closest("section") as HTMLElement);
};

describe("AboutScreen", () => {
  it("tells what works today and marks what is coming, plainly", async () => {
    stubFetch(() => undefined);
    renderWithRoutes([{ path: "/about", element: <AboutScreen /> }], {
      url: "/about",
      viewer: null,
    });
    await screen.findByRole("heading", { name: "About chtcht", level: 1 });

    for (const title of [
      "Brand your profile with a custom URL and @username",
      "DMs via the email protocol",
      "Filter users by categories",
      "Who sees what",
      "Message posts",
    ]) {
      expect(section(title).queryByText("Coming soon")).toBeNull();
    }
    expect(section("DMs via the email protocol").getByText(/any e-mail address/)).toBeTruthy();
    // Face verification works: the black badge is told as working, not as coming.
    expect(section("Profile badges").getByText(/black badge/).textContent).not.toMatch(
      /^Coming soon/,
    );

    const username = section("Brand your profile with a custom URL and @username");
    expect(username.getByText(/yearly subscription: \$30 a year/)).toBeTruthy();
    expect(username.getByText(/30 more days/)).toBeTruthy();
    expect(section("Message posts").getByText(/block anyone/)).toBeTruthy();
    expect(section("Message posts").getByText(/may appeal each once/)).toBeTruthy();
    const fediverse = section("One address for mail and the fediverse");
    expect(fediverse.getByText(/Mastodon, Misskey and other ActivityPub servers/)).toBeTruthy();
    expect(fediverse.queryByText("Coming soon")).toBeNull();

    const audiences = section("Who sees what");
    expect(
      audiences.getByText(/Everyone, Friends \(people who follow each other\) or Only me/),
    ).toBeTruthy();
    expect(
      audiences.getByText(/Race, sexuality, religion, salary and net worth start as Only me/),
    ).toBeTruthy();
    expect(audiences.getByText(/only when the person searching is allowed to see it/)).toBeTruthy();
    expect(audiences.getByText(/‘Show me in demographic search’/)).toBeTruthy();
    expect(audiences.getByText(/only the followers you approve see your posts/)).toBeTruthy();

    const account = section("Your account");
    expect(account.getByText(/every browser where you are signed in/).textContent).not.toMatch(
      /^Coming soon/,
    );
    expect(account.getByText(/change your password/)).toBeTruthy();
    expect(account.getByText(/delete your account there/).textContent).not.toMatch(/^Coming soon/);
    expect(account.getByText(/two-factor authentication/).textContent).not.toMatch(/^Coming soon/);
    expect(account.getByText(/change the e-mail you log in with/)).toBeTruthy();
    expect(account.getByText(/Add a passkey there/).textContent).not.toMatch(/^Coming soon/);
    expect(account.getByText(/one e-mail a day at most/).textContent).not.toMatch(/^Coming soon/);
    expect(account.getByText(/'Download my data' prepares a zip/).textContent).not.toMatch(
      /^Coming soon/,
    );
    expect(account.queryByText("Coming soon")).toBeNull();

    const badges = section("Profile badges");
    expect(badges.queryByText("Coming soon")).toBeNull();
    expect(badges.getByText(/ask for the yellow badge on Edit Profile/)).toBeTruthy();
    expect(badges.getByText(/deleted 30 days after their decision/)).toBeTruthy();

    const openly = section("Moderation in the open");
    expect(openly.getByText(/how long the moderators took to act/)).toBeTruthy();
    expect(
      openly.getByRole("link", { name: "Read the transparency report" }).getAttribute("href"),
    ).toBe("/transparency");

    const location = section("Where you live, in search");
    expect(location.getByText(/never says how far away anyone is in miles/)).toBeTruthy();
    expect(location.getByText(/your county at most, never your town/)).toBeTruthy();
    expect(location.getByText(/Show your city to Friends or Only me/)).toBeTruthy();
  });
});
