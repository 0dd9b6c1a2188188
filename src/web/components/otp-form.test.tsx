import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OtpForm } from "./otp-form";

const boxes = () =>
  Array.from(
    { length: 6 },
    (_, i) => screen.getByLabelText(`Digit ${i + 1} of 6`) as HTMLInputElement,
  );
const values = () =>
  boxes()
    .map((box) => box.value)
    .join("");

describe("OtpForm", () => {
  it("renders six numeric one-time-code boxes", () => {
    render(<OtpForm onVerify={vi.fn()} />);
    for (const box of boxes()) {
      expect(box.getAttribute("inputmode")).toBe("numeric");
      expect(box.getAttribute("autocomplete")).toBe("one-time-code");
    }
  });

  it("keeps the first six digits of a paste into any box and submits them", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue(true);
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[3] as HTMLInputElement);
    await user.paste("code: 12-34 56 789");
    expect(values()).toBe("123456");
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith("123456");
  });

  it("advances focus while typing and auto-submits when six digits are filled", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue(true);
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard("12345");
    expect(document.activeElement).toBe(boxes()[5]);
    expect(onVerify).not.toHaveBeenCalled();
    await user.keyboard("6");
    expect(onVerify).toHaveBeenCalledWith("123456");
  });

  it("asks for all six digits when fewer are entered", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn();
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard("123");
    await user.click(screen.getByRole("button", { name: "Verify Email" }));
    expect(screen.getByRole("alert").textContent).toBe("Please enter all 6 digits.");
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("goes back one box on Backspace in an empty box", async () => {
    const user = userEvent.setup();
    render(<OtpForm onVerify={vi.fn()} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard("12");
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard("{Backspace}");
    expect(document.activeElement).toBe(boxes()[1]);
    expect(values()).toBe("1");
  });

  it("clears the boxes when the code is refused", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue(false);
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.paste("654321");
    expect(onVerify).toHaveBeenCalledWith("654321");
    await act(async () => {});
    expect(values()).toBe("");
  });

  it("shows the resend countdown and disables resending meanwhile", () => {
    const { rerender } = render(
      <OtpForm onVerify={vi.fn()} onResend={vi.fn()} resendSecondsLeft={59} />,
    );
    const waiting = screen.getByRole("button", { name: "Resend code in 59s" }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    rerender(<OtpForm onVerify={vi.fn()} onResend={vi.fn()} resendSecondsLeft={0} />);
    expect(
      (screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
