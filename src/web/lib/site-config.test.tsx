import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicSiteConfig } from "../../domain/contracts/site";
import { TEST_SITE } from "../test-support/site";
import { fetchSiteConfig, readSiteConfigBlock, setSiteConfig, useSite } from "./site-config";

const EMBEDDED: PublicSiteConfig = {
  siteName: "Parlour </script>",
  mailDomain: "parlour.example",
  publicUrl: "https://parlour.example",
  newAccountDays: 30,
};

const embed = (text: string) => {
  document.head.innerHTML = `<script type="application/json" id="site-config">${text}</script>`;
};

afterEach(() => {
  document.head.innerHTML = "";
  vi.unstubAllGlobals();
  setSiteConfig(TEST_SITE);
});

describe("site settings", () => {
  it("reads the block the server embeds, with < escaped", () => {
    embed(JSON.stringify(EMBEDDED).replace(/</g, "\\u003c"));
    expect(readSiteConfigBlock()).toEqual(EMBEDDED);
  });

  it("asks GET /api/site when the page has no block (the Vite dev server's page)", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(EMBEDDED), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(readSiteConfigBlock()).toBeNull();
    expect(await fetchSiteConfig()).toEqual(EMBEDDED);
    expect(fetchMock).toHaveBeenCalledWith("/api/site", expect.objectContaining({ method: "GET" }));
  });

  it("hands out what was set", () => {
    setSiteConfig(EMBEDDED);
    expect(useSite().siteName).toBe("Parlour </script>");
  });

  it("ignores a block that is not the settings", () => {
    embed("{not json");
    expect(readSiteConfigBlock()).toBeNull();
    embed(JSON.stringify({ siteName: "" }));
    expect(readSiteConfigBlock()).toBeNull();
    embed(JSON.stringify({ ...EMBEDDED, newAccountDays: "30" }));
    expect(readSiteConfigBlock()).toBeNull();
  });
});
