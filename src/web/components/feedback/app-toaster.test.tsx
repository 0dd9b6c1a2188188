import { act, render, screen, waitFor } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { toast } from "../../lib/toast";
import { AppToaster } from "./app-toaster";

const realMatchMedia = window.matchMedia;

/** The window is a phone when `phone`; every other media query is false. */
function screenIs({ phone }: { phone: boolean }) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes("max-width"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
  sonner.dismiss();
});

async function toasterAfterAToast() {
  render(<AppToaster theme="light" />);
  await act(async () => {
    toast.success("Welcome back!");
  });
  await screen.findByText("Welcome back!");
  return waitFor(() => {
    const toaster = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    if (!toaster) throw new Error("no toaster");
    return toaster;
  });
}

describe("AppToaster", () => {
  it("puts toasts in the bottom-right margin on wide screens, narrow enough to clear the page", async () => {
    screenIs({ phone: false });
    const toaster = await toasterAfterAToast();
    expect(toaster.dataset.yPosition).toBe("bottom");
    expect(toaster.dataset.xPosition).toBe("right");
    expect(toaster.style.getPropertyValue("--width")).toBe("288px");
  });

  it("puts toasts just below the fixed header on phones", async () => {
    screenIs({ phone: true });
    const toaster = await toasterAfterAToast();
    expect(toaster.dataset.yPosition).toBe("top");
    expect(toaster.style.getPropertyValue("--mobile-offset-top")).toBe("64px");
  });
});
