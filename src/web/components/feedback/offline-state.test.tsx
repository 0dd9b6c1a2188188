// The offline state asks again by itself (docs/notifications.md "Installable app"): on the
// browser's online event, and every 5 seconds while the browser says it is online and the tab is
// shown, never while it says it is offline.
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OfflineState } from "./offline-state";

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("OfflineState", () => {
  it("says so, and asks again on the online event", () => {
    const onRetry = vi.fn();
    render(<OfflineState onRetry={onRetry} retrying={false} />);
    expect(screen.getByRole("heading", { name: "You're offline" })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("asks again every 5 seconds while the browser says it is online, and not while offline", () => {
    const onRetry = vi.fn();
    online = false;
    const { unmount } = render(<OfflineState onRetry={onRetry} retrying={false} />);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(onRetry).not.toHaveBeenCalled();
    online = true;
    act(() => {
      vi.advanceTimersByTime(4_999);
    });
    expect(onRetry).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    unmount();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
