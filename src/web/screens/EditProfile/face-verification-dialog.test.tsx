import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FACE_MESSAGES } from "../../../domain/contracts/verification";
import { FACE_PROMPTS } from "../../../domain/face-liveness";
import { FaceVerificationDialog } from "./face-verification-dialog";

afterEach(() => vi.unstubAllGlobals());

function Harness({ hasPhoto }: { hasPhoto: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <FaceVerificationDialog open={open} onOpenChange={setOpen} hasPhoto={hasPhoto} />
    </QueryClientProvider>
  );
}

function fakeCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  vi.stubGlobal("navigator", {
    ...navigator,
    mediaDevices: { getUserMedia: vi.fn(async () => stream) },
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  return track;
}

describe("FaceVerificationDialog", () => {
  it("asks for a profile photo first, with a Close button", async () => {
    render(<Harness hasPhoto={false} />);
    expect(screen.getByText("Upload required")).toBeTruthy();
    expect(screen.getByText(FACE_MESSAGES.uploadRequired)).toBeTruthy();
    await userEvent.click(screen.getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText("Upload required")).toBeNull());
  });

  it("says when the camera was blocked", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    render(<Harness hasPhoto />);
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    expect((await screen.findByRole("alert")).textContent).toBe(FACE_MESSAGES.cameraFailed);
  });

  it("releases the camera when the dialog closes (Escape)", async () => {
    const track = fakeCamera();
    render(<Harness hasPhoto />);
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    expect(await screen.findByRole("button", { name: "Stop camera" })).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it("shows the challenge's first prompt, and says the capture failed when no frame can be read", async () => {
    fakeCamera();
    const challenge = {
      id: "0b7f2f3e-8a4c-4b0e-9d4f-3c1f6f1f2a10",
      steps: ["straight", "smile", "left"],
      expiresAt: new Date(Date.now() + 120_000).toISOString(),
    };
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json(challenge));
    vi.stubGlobal("fetch", fetch);
    render(<Harness hasPhoto />);
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    await userEvent.click(await screen.findByRole("button", { name: "Capture & Verify" }));
    expect(await screen.findByText(FACE_PROMPTS.straight)).toBeTruthy();
    expect(screen.getByText("Step 1 of 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Follow the prompts…" })).toHaveProperty(
      "disabled",
      true,
    );
    // The first frame is taken a second into the step; jsdom's video has none to give.
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(FACE_MESSAGES.captureFailed);
    expect(screen.queryByText(FACE_PROMPTS.straight)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/verification/face/challenge");
  });
});
