import { describe, expect, it } from "vitest";
import { PAYMENT_RETURN_MESSAGES, readPaymentReturn, withoutPaymentParams } from "./payment-return";

const FAILED = PAYMENT_RETURN_MESSAGES.failed.text;

describe("readPaymentReturn (spec-2 §4)", () => {
  it.each([
    ["/ada/edit-profile", "", null],
    ["/ada/edit-profile", "?tab=details", null],
    ["/ada/edit-profile", "?success=true", { outcome: "success", sessionId: null }],
    ["/ada/edit-profile", "?success=1", { outcome: "success", sessionId: null }],
    ["/ada/edit-profile", "?success=false", null],
    ["/ada/edit-profile", "?checkout=success", { outcome: "success", sessionId: null }],
    ["/ada/edit-profile", "?redirect_status=succeeded", { outcome: "success", sessionId: null }],
    ["/ada/edit-profile", "?session_id=cs_1", { outcome: "success", sessionId: "cs_1" }],
    [
      "/ada/edit-profile",
      "?success=true&session_id=cs_2",
      { outcome: "success", sessionId: "cs_2" },
    ],
    ["/checkout-success/cs_3", "", { outcome: "success", sessionId: null }],
    ["/billing/success", "", { outcome: "success", sessionId: null }],
    ["/ada/edit-profile", "?canceled=true", { outcome: "canceled" }],
    ["/ada/edit-profile", "?cancelled=1", { outcome: "canceled" }],
    ["/ada/edit-profile", "?checkout=cancel", { outcome: "canceled" }],
    ["/ada/edit-profile", "?redirect_status=canceled", { outcome: "canceled" }],
    ["/ada/edit-profile", "?canceled=false", null],
    ["/ada/edit-profile", "?redirect_status=failed", { outcome: "failed", message: FAILED }],
    [
      "/ada/edit-profile",
      "?redirect_status=failed&error=Your%20card%20was%20declined.",
      { outcome: "failed", message: "Your card was declined." },
    ],
    [
      "/ada/edit-profile",
      "?error_description=Card+expired",
      { outcome: "failed", message: "Card expired" },
    ],
    ["/ada/edit-profile", "?error=%20%20&canceled=true", { outcome: "canceled" }],
    // A failure wins over a cancel, a cancel over a success.
    ["/ada/edit-profile", "?canceled=true&error=Nope", { outcome: "failed", message: "Nope" }],
    ["/ada/edit-profile", "?success=true&canceled=true", { outcome: "canceled" }],
    ["/checkout-success/cs_4", "?redirect_status=failed", { outcome: "failed", message: FAILED }],
  ])("%s%s → %j", (pathname, search, expected) =>
    expect(readPaymentReturn(pathname, search)).toEqual(expected),
  );

  it("keeps an error text from the address short", () => {
    const result = readPaymentReturn("/ada/edit-profile", `?error=${"x".repeat(500)}`);
    expect(result?.outcome).toBe("failed");
    expect(result?.outcome === "failed" && result.message.length).toBe(200);
  });
});

describe("withoutPaymentParams", () => {
  it.each([
    ["?canceled=true", ""],
    ["", ""],
    ["?redirect_status=failed&error=Declined&tab=pictures", "?tab=pictures"],
    [
      "?success=true&session_id=cs_1&payment_intent=pi_1&payment_intent_client_secret=s&checkout=success",
      "",
    ],
    ["?a=1&b=2", "?a=1&b=2"],
  ])("%s → %j", (search, rest) => expect(withoutPaymentParams(search)).toBe(rest));
});
