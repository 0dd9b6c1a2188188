import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ATTRIBUTE_LABELS } from "../../../domain/attribute-labels";
import { AUDIENCE_ATTRIBUTES, audiencesOf } from "../../../domain/audiences";
import type { ProfileView } from "../../../domain/contracts/profiles";
import { AppToaster } from "../../components/feedback/app-toaster";
import { NO_ATTRIBUTES } from "../../test-support/posts";
import { EditProfileScreen } from "./edit-profile-screen";

const profile: ProfileView = {
  userId: "u1",
  handle: "ada",
  username: null,
  defaultUsername: "ada",
  fullName: "Ada Lovelace",
  chtchtEmail: "ada@chtcht.local",
  profileImageUrl: null,
  bannerUrl: null,
  verificationType: "none",
  veteran: false,
  about: "Analyst.",
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
  privacy: {
    audiences: audiencesOf({}),
    demographicSearch: true,
    consented: [],
    noticeDue: false,
  },
};

type Reply = { status: number; body: unknown };
let putReply: Reply;
let getReply: Reply;
let puts: unknown[];
let uploads: string[];
let noticePosts: number;

const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  puts = [];
  uploads = [];
  noticePosts = 0;
  getReply = { status: 200, body: { profile } };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      // ada.old: the default username the profile still answers to after a name was reserved.
      if (
        (path === "/api/profiles/ada" || path === "/api/profiles/ada.old") &&
        (init?.method ?? "GET") === "GET"
      ) {
        return json(getReply);
      }
      if (path === "/api/profiles/u1/pictures/3" && init?.method === "PUT") {
        const file = (init.body as FormData).get("file") as File;
        uploads.push(file.name);
        const pictures = profile.pictures.map((url, i) => (i === 2 ? "/media/p/3.jpg" : url));
        return json({ status: 200, body: { profile: { ...profile, pictures } } });
      }
      if (path === "/api/badges/requests") {
        return json({ status: 200, body: { yellow: null, veteran: null } });
      }
      if (path === "/api/profiles/u1/privacy-notice" && init?.method === "POST") {
        noticePosts += 1;
        return new Response(null, { status: 204 });
      }
      if (path === "/api/profiles/u1" && init?.method === "PUT") {
        puts.push(JSON.parse(String(init.body)));
        return json(putReply);
      }
      throw new TypeError(`unexpected ${init?.method ?? "GET"} ${path}`);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderEditorRoutes(url = "/ada/edit-profile") {
  const router = createMemoryRouter(
    [
      { path: "/:handle", element: <p>Profile page</p> },
      { path: "/:handle/edit-profile", element: <EditProfileScreen /> },
    ],
    { initialEntries: ["/ada", url], initialIndex: 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <AppToaster theme="light" />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

async function renderEditor() {
  const rendered = renderEditorRoutes();
  const fullName = (await screen.findByLabelText("Full Name")) as HTMLInputElement;
  return { ...rendered, fullName };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const whoCanSee = (field: string) =>
  screen.getByRole("combobox", { name: `Who can see ${field}` }) as HTMLSelectElement;
const consentDialog = () => screen.queryByRole("alertdialog");

describe("EditProfileScreen form", () => {
  it("says why the profile failed to load, and Retry brings the form", async () => {
    getReply = {
      status: 403,
      body: { error: { code: "forbidden", message: "Your session has ended." } },
    };
    const { user } = renderEditorRoutes();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to load profile: Your session has ended.",
    );
    getReply = { status: 200, body: { profile } };
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Full Name")).toBeTruthy();
  });

  it("tells how a checkout ended, cleans the address, then moves to the canonical handle", async () => {
    const { router } = renderEditorRoutes("/ada.old/edit-profile?canceled=true");
    expect(await screen.findByText("You canceled the checkout process.")).toBeTruthy();
    expect(await screen.findByLabelText("Full Name")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/ada/edit-profile"));
    expect(router.state.location.search).toBe("");
    expect(screen.getAllByText("You canceled the checkout process.")).toHaveLength(1);
  });

  it("names the avatar button starting with the initials the avatar shows (WCAG 2.5.3)", async () => {
    await renderEditor();
    const button = screen.getByRole("button", { name: "AL: Change profile picture" });
    expect(button.textContent).toContain("AL");
  });

  it("tells under the website how to get its check mark, and says when the saved one has it", async () => {
    getReply = {
      status: 200,
      body: { profile: { ...profile, websiteUrl: "ada.dev", websiteVerified: true } },
    };
    const { user } = await renderEditor();
    const website = input("Website URL");
    const hint = document.getElementById(
      String(website.getAttribute("aria-describedby")),
    ) as HTMLElement;
    expect(hint.textContent).toContain("Verified: this page links back to your profile.");
    expect(hint.textContent).toContain('Add a link to your profile with rel="me" on that page');
    expect(hint.querySelector("code")?.textContent).toBe(
      `<a rel="me" href="${window.location.origin}/ada">`,
    );
    await user.type(website, "/about");
    expect(hint.textContent).not.toContain("Verified");
  });

  it("shows a server field error under its field and keeps everything typed", async () => {
    putReply = {
      status: 400,
      body: {
        error: {
          code: "validation_error",
          message: "Please check the highlighted fields.",
          fields: { emailAddress: ["That email belongs to another account"] },
        },
      },
    };
    const { user, fullName } = await renderEditor();
    expect(screen.getByText("12/20")).toBeTruthy();

    await user.clear(fullName);
    await user.type(fullName, "Ada King");
    await user.type(input("Website URL"), "https://www.ada.dev/");
    await user.clear(input("Email"));
    await user.type(input("Email"), "countess@example.com");
    await user.selectOptions(select("Gender"), "Female");
    await waitFor(() => expect(select("State").options.length).toBeGreaterThan(50));
    await user.selectOptions(select("State"), "Texas");
    await waitFor(() => expect(select("County").options.length).toBeGreaterThan(200));
    await user.selectOptions(select("County"), "Travis County");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    const message = await screen.findByText("That email belongs to another account");
    const email = input("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(message.id);
    expect(await screen.findByText("Update failed")).toBeTruthy();

    // Nothing typed was lost.
    expect(fullName.value).toBe("Ada King");
    expect(email.value).toBe("countess@example.com");
    expect(input("Website URL").value).toBe("https://www.ada.dev/");
    expect(select("Gender").value).toBe("Female");
    expect(select("County").value).toBe("Travis County");
    expect(screen.getByRole("button", { name: "Save Changes" })).toHaveProperty("disabled", false);

    // What was sent is the shared schema's output.
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      fullName: "Ada King",
      emailAddress: "countess@example.com",
      websiteUrl: "ada.dev",
      about: "Analyst.",
      city: null,
      details: { gender: "Female", state: "Texas", county: "Travis County", age: null },
    });

    // Editing the field clears its error.
    await user.type(email, "m");
    expect(screen.queryByText("That email belongs to another account")).toBeNull();
  });

  it("checks with the shared schema before sending: an empty email never leaves", async () => {
    putReply = { status: 200, body: { profile } };
    const { user } = await renderEditor();
    await user.clear(input("Email"));
    await user.type(input("About"), "x");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(document.activeElement).toBe(input("Email"));
    expect(input("About").value).toBe("Analyst.x");
    expect(puts).toEqual([]);
  });

  it("saves, says so, announces 'profile:refresh' and goes back", async () => {
    putReply = { status: 200, body: { profile: { ...profile, fullName: "Ada King" } } };
    const announced = vi.fn();
    window.addEventListener("profile:refresh", announced);
    const { user, router, fullName } = await renderEditor();
    await user.clear(fullName);
    await user.type(fullName, "Ada King");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated successfully")).toBeTruthy();
    expect(announced).toHaveBeenCalledTimes(1);
    expect(Number(window.localStorage.getItem("profile:refresh"))).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe("/ada"));
    window.removeEventListener("profile:refresh", announced);
  });

  it("refuses other image types and oversized pictures, and uploads a good one at once", async () => {
    putReply = { status: 200, body: { profile } };
    await renderEditor();
    const user = userEvent.setup({ applyAccept: false });
    const input = document.querySelector<HTMLInputElement>('input[name="picture"]');
    if (!input) throw new Error("no picture input");

    await user.click(screen.getByRole("button", { name: "Add picture 3" }));
    await user.upload(input, new File(["gif"], "cat.gif", { type: "image/gif" }));
    expect(screen.getByRole("alert").textContent).toBe("Please upload a JPG, PNG, or WEBP image.");

    const big = new File(["png"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: 8 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(screen.getByRole("alert").textContent).toBe("Image is too large. Max 8MB.");
    expect(uploads).toEqual([]);

    // HEIC from a phone may come without a MIME type: the extension decides.
    await user.upload(input, new File(["heic"], "IMG_0001.HEIC", { type: "" }));
    expect(await screen.findByRole("button", { name: "Replace picture 3" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove picture 3" })).toBeTruthy();
    expect(uploads).toEqual(["IMG_0001.HEIC"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("gives every detail a 'Who can see' select, and the save carries the audiences", async () => {
    putReply = { status: 200, body: { profile } };
    const { user } = await renderEditor();
    for (const key of AUDIENCE_ATTRIBUTES) {
      const audience = whoCanSee(ATTRIBUTE_LABELS[key]);
      expect([...audience.options].map((option) => option.text)).toEqual([
        "Everyone",
        "Friends",
        "Only me",
      ]);
    }
    expect(whoCanSee("City").value).toBe("everyone");
    expect(whoCanSee("Religion").value).toBe("only_me");
    // The field keeps its own name: the audience select does not take it.
    expect(select("Religion").name).toBe("religion");

    const demographic = screen.getByRole("checkbox", { name: "Show me in demographic search" });
    expect(demographic).toHaveProperty("checked", true);
    expect(screen.getByText("When off, people find you only by your name or username.").id).toBe(
      demographic.getAttribute("aria-describedby"),
    );

    // A detail that is not sensitive changes at once.
    await user.selectOptions(whoCanSee("Gender"), "Friends");
    await user.selectOptions(whoCanSee("City"), "Only me");
    expect(consentDialog()).toBeNull();
    expect(whoCanSee("Gender").value).toBe("friends");
    await user.click(demographic);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      audiences: { ...audiencesOf({}), gender: "friends", city: "only_me" },
      demographicSearch: false,
      consent: [],
    });
    expect(Object.keys((puts[0] as { audiences: object }).audiences)).toHaveLength(24);
    // No notice was due, so none was shown or marked as shown.
    expect(screen.queryByText(/now has a ‘Who can see’ control/)).toBeNull();
    expect(noticePosts).toBe(0);
  });

  it("asks before a sensitive detail first leaves Only me, and sends the consent", async () => {
    putReply = { status: 200, body: { profile } };
    const { user } = await renderEditor();

    const religion = whoCanSee("Religion");
    await user.selectOptions(religion, "Everyone");
    const dialog = await screen.findByRole("alertdialog", { name: "Show your religion?" });
    expect(dialog.textContent).toContain(
      "Your religion will be visible to everyone, and anyone can find you by it in search.",
    );
    // Nothing changes until the person agrees.
    expect(religion.value).toBe("only_me");
    await user.click(screen.getByRole("button", { name: "Show it" }));
    await waitFor(() => expect(consentDialog()).toBeNull());
    expect(whoCanSee("Religion").value).toBe("everyone");
    expect(document.activeElement).toBe(whoCanSee("Religion"));

    // Agreed once in this edit: back to Only me and out again asks nothing more.
    await user.selectOptions(whoCanSee("Religion"), "Only me");
    await user.selectOptions(whoCanSee("Religion"), "Friends");
    expect(consentDialog()).toBeNull();
    expect(whoCanSee("Religion").value).toBe("friends");

    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      audiences: { religion: "friends", salary: "only_me" },
      consent: ["religion"],
    });
  });

  it("keeps Only me when the consent is declined", async () => {
    putReply = { status: 200, body: { profile } };
    const { user } = await renderEditor();

    await user.selectOptions(whoCanSee("Net Worth"), "Friends");
    const dialog = await screen.findByRole("alertdialog", { name: "Show your net worth?" });
    expect(dialog.textContent).toContain(
      "Your net worth will be visible to your friends, and they can find you by it in search.",
    );
    await user.click(screen.getByRole("button", { name: "Keep it Only me" }));
    await waitFor(() => expect(consentDialog()).toBeNull());
    expect(whoCanSee("Net Worth").value).toBe("only_me");
    expect(document.activeElement).toBe(whoCanSee("Net Worth"));

    // Declining is not agreeing: the next try asks again, and Escape declines too.
    await user.selectOptions(whoCanSee("Net Worth"), "Everyone");
    expect(await screen.findByRole("alertdialog", { name: "Show your net worth?" })).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(consentDialog()).toBeNull());
    expect(whoCanSee("Net Worth").value).toBe("only_me");

    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ audiences: { networth: "only_me" }, consent: [] });
  });

  it("does not ask again about a detail agreed to before", async () => {
    putReply = { status: 200, body: { profile } };
    const privacy = { ...profile.privacy, consented: ["race"] } as ProfileView["privacy"];
    getReply = { status: 200, body: { profile: { ...profile, privacy } } };
    const { user } = await renderEditor();
    await user.selectOptions(whoCanSee("Race"), "Everyone");
    expect(consentDialog()).toBeNull();
    expect(whoCanSee("Race").value).toBe("everyone");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ audiences: { race: "everyone" }, consent: [] });
  });

  it("shows the one-time notice, tells the server once, and leads to the Details", async () => {
    const privacy = {
      audiences: audiencesOf({ religion: "everyone", salary: "everyone" }),
      demographicSearch: true,
      consented: [],
      noticeDue: true,
    } satisfies ProfileView["privacy"];
    const attributes = { ...NO_ATTRIBUTES, religion: "Buddhist", salary: "$0 - $50K" };
    getReply = { status: 200, body: { profile: { ...profile, attributes, privacy } } };
    const { user, fullName } = await renderEditor();

    const notice = screen.getByText(/now has a ‘Who can see’ control/).closest('[role="status"]');
    expect(notice?.textContent).toContain(
      "Your religion and salary stay visible to everyone until you change them.",
    );
    await waitFor(() => expect(noticePosts).toBe(1));
    await user.type(fullName, " K");
    expect(noticePosts).toBe(1);

    await user.click(screen.getByRole("button", { name: "Go to Details" }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Details" }));
  });

  it("shows a consent the server still asks for under its field", async () => {
    const sentence = "Please confirm first. Your religion will be visible to everyone.";
    putReply = {
      status: 400,
      body: {
        error: {
          code: "validation_error",
          message: sentence,
          fields: { "audiences.religion": [sentence] },
        },
      },
    };
    const { user } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(sentence)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(select("Religion")));
    expect(select("Religion").getAttribute("aria-invalid")).toBe("true");
    // Choosing who can see it again clears the message.
    await user.selectOptions(whoCanSee("Religion"), "Only me");
    expect(screen.queryByText(sentence)).toBeNull();
  });
});
