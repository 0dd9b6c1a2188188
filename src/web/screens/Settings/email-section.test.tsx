import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADA,
  type Call,
  json,
  renderWithRoutes,
  sessionFor,
  stubFetch,
} from "../../test-support/posts";
import { EmailSection } from "./email-section";

const NEW = "ada@newmail.org";
const CODE = "482913";

/** The server of e-mail changes: one code per address; an address on our own mail domain refused. */
function emailApi() {
  let email = sessionFor(ADA).email;
  return ({ method, path, body }: Call) => {
    const request = body as { newEmail: string; code?: string };
    if (method === "POST" && path === "/api/account/email/code") {
      if (request.newEmail === "ann@chtcht.local") {
        const message = "Addresses on chtcht.local are mailboxes of this product.";
        return json(
          { error: { code: "email_refused", message, fields: { newEmail: [message] } } },
          400,
        );
      }
      return json({ sent: true, resendAfterSeconds: 60 });
    }
    if (method === "POST" && path === "/api/account/email") {
      if (request.code !== CODE) {
        const message = "Invalid verification code";
        return json({ error: { code: "invalid_code", message, fields: { code: [message] } } }, 400);
      }
      email = request.newEmail;
      return json({ email });
    }
    if (method === "GET" && path === "/api/auth/session") {
      return json({ user: { ...sessionFor(ADA), email } });
    }
    return undefined;
  };
}

function renderSection() {
  const calls = stubFetch(emailApi());
  const rendered = renderWithRoutes([{ path: "/settings", element: <EmailSection /> }], {
    url: "/settings",
    viewer: ADA,
  });
  return { calls, ...rendered };
}

const section = () => screen.getByRole("region", { name: "E-mail" });
const addressInput = () =>
  within(section()).getByLabelText("New e-mail address", { selector: "input" }) as HTMLInputElement;
const digitBox = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Settings: e-mail", () => {
  it("shows the sign-in address and the mail address that stays", () => {
    renderSection();
    expect(section().textContent).toContain("ada@example.org");
    expect(section().textContent).toContain("ada@chtcht.local stays the same");
  });

  it("checks the address here, then shows the server's refusal under it, keeping what was typed", async () => {
    const { calls, user } = renderSection();
    await user.click(within(section()).getByRole("button", { name: "Change e-mail" }));
    expect(document.activeElement).toBe(addressInput());
    await user.type(addressInput(), "not an address");
    await user.click(within(section()).getByRole("button", { name: "Send code" }));
    expect(addressInput().getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(addressInput());
    await user.type(addressInput(), "ann@chtcht.local");
    await user.click(within(section()).getByRole("button", { name: "Send code" }));
    expect(
      await within(section()).findByText(
        "Addresses on chtcht.local are mailboxes of this product.",
      ),
    ).toBeTruthy();
    expect(addressInput().value).toBe("ann@chtcht.local");
    expect(document.activeElement).toBe(addressInput());
  });

  it("sends a code to the new address, refuses a wrong one, and changes the address with the right one", async () => {
    const { calls, user } = renderSection();
    await user.click(within(section()).getByRole("button", { name: "Change e-mail" }));
    await user.type(addressInput(), ` ${NEW.toUpperCase()} `);
    await user.click(within(section()).getByRole("button", { name: "Send code" }));
    expect(await within(section()).findByText(/We sent a 6-digit code to/)).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/account/email/code")?.body).toEqual({
      newEmail: NEW,
    });
    expect(within(section()).getByRole("button", { name: /Resend code in \d+s/ })).toBeTruthy();

    await user.click(digitBox(1));
    await user.paste("111111");
    expect(await within(section()).findByText("Invalid verification code")).toBeTruthy();

    await user.click(digitBox(1));
    await user.paste(CODE);
    await waitFor(() =>
      expect(within(section()).getByRole("button", { name: "Change e-mail" })).toBeTruthy(),
    );
    expect(calls.filter((c) => c.path === "/api/account/email").at(-1)?.body).toEqual({
      newEmail: NEW,
      code: CODE,
    });
    expect(
      await screen.findByText(`Your e-mail is now ${NEW}. We told your old address.`),
    ).toBeTruthy();
    await waitFor(() => expect(section().textContent).toContain(NEW));
  });

  it("goes back to the address, as typed, with 'Use a different email'", async () => {
    const { user } = renderSection();
    await user.click(within(section()).getByRole("button", { name: "Change e-mail" }));
    await user.type(addressInput(), NEW);
    await user.click(within(section()).getByRole("button", { name: "Send code" }));
    await user.click(
      await within(section()).findByRole("button", { name: "Use a different email" }),
    );
    expect(addressInput().value).toBe(NEW);
    expect(document.activeElement).toBe(addressInput());
  });
});
