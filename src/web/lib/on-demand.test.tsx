import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { onDemand } from "./on-demand";

const module = { HereScreen: () => <p>The screen</p> };

const renderScreen = (Screen: ReturnType<typeof onDemand>) =>
  render(
    <Suspense fallback={<p>Loading the screen</p>}>
      <Screen />
    </Suspense>,
  );

describe("onDemand", () => {
  it("suspends on first use, then draws the screen", async () => {
    const Screen = onDemand(
      () => Promise.resolve(module),
      (m) => m.HereScreen,
    );
    renderScreen(Screen);
    expect(screen.getByText("Loading the screen")).toBeTruthy();
    expect(await screen.findByText("The screen")).toBeTruthy();
  });

  it("fetched beforehand, draws the screen in the first render, without the fallback", async () => {
    const Screen = onDemand(
      () => Promise.resolve(module),
      (m) => m.HereScreen,
    );
    await Screen.preload();
    renderScreen(Screen);
    expect(screen.queryByText("Loading the screen")).toBeNull();
    expect(screen.getByText("The screen")).toBeTruthy();
  });
});
