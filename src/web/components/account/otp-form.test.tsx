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
    const onVerify = vi.fn().mockResolvedValue(null);
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[3] as HTMLInputElement);
    await user.paste("code: 12-34 56 789");
    expect(values()).toBe("123456");
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith("123456");
  });

  it("advances focus while typing and auto-submits when six digits are filled", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue(null);
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

  it("keeps a refused code, selected, with its message next to the boxes", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue("Invalid verification code");
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard("654321");
    expect(onVerify).toHaveBeenCalledWith("654321");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Invalid verification code");
    expect(screen.queryByText("Please enter all 6 digits.")).toBeNull();
    expect(values()).toBe("654321");
    const group = screen.getByRole("group", { name: "Verification code" });
    expect(group.getAttribute("aria-describedby")).toBe(alert.parentElement?.id);
    expect(document.activeElement).toBe(boxes()[0]);

    // The next digit starts a new code: nothing of the refused one is sent again.
    onVerify.mockResolvedValue(null);
    await user.keyboard("1");
    expect(values()).toBe("1");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.keyboard("23456");
    expect(onVerify).toHaveBeenLastCalledWith("123456");
  });

  it("clears a refused code with Backspace, and lets a click fix one digit of it", async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn().mockResolvedValue("Invalid verification code");
    render(<OtpForm onVerify={onVerify} />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard("654321");
    await screen.findByRole("alert");
    await user.keyboard("{Backspace}");
    expect(values()).toBe("");

    await user.keyboard("654321");
    await act(async () => {});
    expect(values()).toBe("654321");
    await user.click(boxes()[2] as HTMLInputElement);
    await user.keyboard("9");
    expect(values()).toBe("659321");
    expect(onVerify).toHaveBeenLastCalledWith("659321");
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
