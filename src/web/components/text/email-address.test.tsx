import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

const pieces = (email: string) => {
  const { container } = render(<EmailAddress email={email} />);
  const strong = container.querySelector("strong") as HTMLElement;
  return {
    text: strong.textContent,
    unbroken: Array.from(strong.querySelectorAll("span.whitespace-nowrap"), (s) => s.textContent),
    breaks: strong.querySelectorAll("wbr").length,
  };
};

describe("EmailAddress", () => {
  it.each([
    ["ada@example.com", ["ada@", "example.", "com"]],
    [
      "grace.hopper-long-name@mail.example.co.uk",
      ["grace.", "hopper-long-name@", "mail.", "example.", "co.", "uk"],
    ],
    ["plain", ["plain"]],
  ])("%s breaks only after @ and dots", (email, parts) => {
    const shown = pieces(email);
    expect(shown.text).toBe(email);
    expect(shown.unbroken).toEqual(parts);
    expect(shown.breaks).toBe(parts.length - 1);
  });
});
