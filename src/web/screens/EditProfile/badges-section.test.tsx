import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OwnBadgeRequest, OwnBadgeRequests } from "../../../domain/contracts/badges";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { ADA, json, NO_ATTRIBUTES, renderWithRoutes, stubFetch } from "../../test-support/posts";
import { BadgesSection } from "./badges-section";

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const profile = (overrides: Partial<ProfileView> = {}): ProfileView => ({
  userId: ADA.userId,
  handle: "ada",
  username: null,
  defaultUsername: "ada",
  fullName: "Ada Lovelace",
  chtchtEmail: "ada@chtcht.local",
  profileImageUrl: null,
  bannerUrl: null,
  verificationType: "none",
  veteran: false,
  about: null,
  websiteUrl: null,
  websiteVerified: false,
  counts: { friends: 0, following: 0, followers: 0 },
  privateAccount: false,
  postsHidden: null,
  lists: { followers: true, following: true, friends: true },
  attributes: NO_ATTRIBUTES,
  pictures: Array.from({ length: 9 }, () => null),
  isOwner: true,
  emailAddress: "ada@example.com",
  privacy: null,
  ...overrides,
});

const request = (overrides: Partial<OwnBadgeRequest>): OwnBadgeRequest => ({
  id: "5b0b6b9e-7a51-4c1e-9f1e-1f0b4c7f2a11",
  kind: "yellow",
  status: "open",
  category: "organisation",
  officialName: "Acme",
  links: ["https://acme.org"],
  orgEmail: null,
  orgEmailConfirmed: false,
  hasProof: false,
  question: null,
  answer: null,
  reason: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  decidedAt: null,
  askAgainAt: null,
  ...overrides,
});

/** The section once the person's requests are loaded. */
async function loadedSection() {
  const section = await screen.findByRole("region", { name: "Badges" });
  await waitFor(() => expect(within(section).queryByText("Loading your requests...")).toBeNull());
  return section;
}

function renderSection(mine: OwnBadgeRequests, shown = profile()) {
  const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const calls = stubFetch(({ method, path, body }) => {
    if (method === "GET" && path === "/api/badges/requests") return json(mine);
    if (method === "POST" && path === "/api/badges/yellow") {
      return json(request({ ...(body as object), status: "open" }), 201);
    }
    if (method === "POST" && path === "/api/badges/veteran") {
      return json(request({ kind: "veteran", category: null, officialName: null, links: [] }), 201);
    }
    if (method === "POST" && path === "/api/badges/yellow/answer") {
      return json(request({ status: "open", answer: (body as { answer: string }).answer }));
    }
    return undefined;
  });
  const rendered = renderWithRoutes(
    [
      {
        path: "/:handle/edit-profile",
        // The section sits inside the Edit Profile form: its dialogs' submits must stay theirs.
        element: (
          <form onSubmit={outerSubmit}>
            <BadgesSection profile={shown} className="" />
          </form>
        ),
      },
    ],
    { url: "/ada/edit-profile", viewer: ADA },
  );
  return { ...rendered, calls, outerSubmit };
}

describe("BadgesSection", () => {
  it("asks for the yellow badge: checks each field, then sends the request", async () => {
    const { user, calls, outerSubmit } = renderSection({ yellow: null, veteran: null });
    const section = await loadedSection();
    expect(
      within(section).getByText(/Choose your military branch in Details and save/),
    ).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Request the veteran medal" })).toBeNull();

    await user.click(within(section).getByRole("button", { name: "Request the yellow badge" }));
    const dialog = await screen.findByRole("dialog", { name: "Request the yellow badge" });
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText("Choose a category.")).toBeTruthy();
    expect(within(dialog).getByText("Enter the official name.")).toBeTruthy();
    expect(within(dialog).getByText("Add at least one public link.")).toBeTruthy();

    await user.click(within(dialog).getByRole("radio", { name: "Business" }));
    await user.type(within(dialog).getByLabelText("Official name"), "Acme Rescue");
    await user.type(within(dialog).getByLabelText("Public link"), "http://acme.org");
    await user.type(within(dialog).getByLabelText("Official e-mail (optional)"), "press@other.org");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText("Use a public link starting with https://")).toBeTruthy();

    await user.clear(within(dialog).getByLabelText("Public link"));
    await user.type(within(dialog).getByLabelText("Public link"), "https://acme.org");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(
      within(dialog).getByText("Use an address at the domain of one of your links."),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: "Add another link" }));
    await user.type(within(dialog).getByLabelText("Public link 2"), "https://other.org/about");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        category: "business",
        officialName: "Acme Rescue",
        links: ["https://acme.org", "https://other.org/about"],
        orgEmail: "press@other.org",
      }),
    );
    expect(
      await screen.findByText("Request sent. We mailed a code to press@other.org."),
    ).toBeTruthy();
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it("shows the state of each request: under review with the code to enter, a question, a denial", async () => {
    renderSection(
      {
        yellow: request({ orgEmail: "press@acme.org" }),
        veteran: request({
          kind: "veteran",
          status: "denied",
          reason: "Unreadable scan.",
          decidedAt: "2099-01-01T00:00:00.000Z",
          askAgainAt: "2099-01-31T00:00:00.000Z",
        }),
      },
      profile({ attributes: { ...NO_ATTRIBUTES, military_branch: "Navy" } }),
    );
    const section = await loadedSection();
    expect(within(section).getByText(/^Under review/)).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Enter the code" })).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Request the yellow badge" })).toBeNull();
    expect(
      within(section).getByText(/Unreadable scan\. — you can ask again on January 31, 2099\./),
    ).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Request the veteran medal" })).toBeNull();
  });

  it("answers a moderator's question", async () => {
    const { user, calls, outerSubmit } = renderSection({
      yellow: request({ status: "more_info", question: "Link your registry entry." }),
      veteran: null,
    });
    const section = await loadedSection();
    expect(within(section).getByText("Link your registry entry.")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Answer" }));
    const dialog = await screen.findByRole("dialog", { name: "Answer the moderator" });
    await user.click(within(dialog).getByRole("button", { name: "Send answer" }));
    expect(within(dialog).getByText("Please write a few words.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Your answer"), "Here it is.");
    await user.type(
      within(dialog).getByLabelText("Add a public link (optional)"),
      "https://registry.example.org/acme",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send answer" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        answer: "Here it is.",
        links: ["https://registry.example.org/acme"],
      }),
    );
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it("asks for the veteran medal with a document, saying what happens to it", async () => {
    const { user, calls } = renderSection(
      { yellow: null, veteran: null },
      profile({ attributes: { ...NO_ATTRIBUTES, military_branch: "Army" } }),
    );
    const section = await loadedSection();
    await user.click(within(section).getByRole("button", { name: "Request the veteran medal" }));
    const dialog = await screen.findByRole("dialog", { name: "Request the veteran medal" });
    expect(
      within(dialog).getByText(
        "Only moderators see it while they review your request. It is deleted 30 days after their decision.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByText("Please choose a file.")).toBeTruthy();

    const input = within(dialog).getByLabelText(/^Document/) as HTMLInputElement;
    // A browser may let any file through its picker: the form checks the type itself.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(within(dialog).getByText("Please upload a JPEG, PNG or PDF file.")).toBeTruthy();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "dd214.png", {
      type: "image/png",
    });
    await user.upload(input, png);
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() => {
      const sent = calls.find((c) => c.method === "POST" && c.path === "/api/badges/veteran");
      expect((sent?.body as FormData | undefined)?.get("file")).toBeInstanceOf(File);
    });
    expect(
      await screen.findByText("Request sent. A moderator will review your document."),
    ).toBeTruthy();
  });
});
