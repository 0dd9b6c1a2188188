// axe-core's check of a page as it is now (e2e/accessibility.spec.ts, e2e/post-images.spec.ts):
// its serious and critical violations, one line each.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe cannot parse the colours Chromium reports as `oklch(L 0 none)` (every neutral gray), so it
 * leaves their contrast unchecked. For the check, each element's text and background colour is
 * set inline in sRGB (as a canvas paints it); `restoreColours` puts the page back. */
function inlineSrgbColours(page: Page): Promise<void> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!canvas) throw new Error("no canvas");
    const srgb = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return `rgba(${r}, ${g}, ${b}, ${((a ?? 255) / 255).toFixed(3)})`;
    };
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const computed = getComputedStyle(element);
      const colours = [computed.color, computed.backgroundColor];
      if (!colours.some((colour) => /okl(ch|ab)|color\(/.test(colour))) continue;
      element.dataset.axeStyle = element.getAttribute("style") ?? "";
      element.style.setProperty("transition", "none", "important");
      element.style.setProperty("color", srgb(computed.color), "important");
      element.style.setProperty("background-color", srgb(computed.backgroundColor), "important");
    }
  });
}

function restoreColours(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-axe-style]")) {
      const style = element.dataset.axeStyle ?? "";
      if (style) element.setAttribute("style", style);
      else element.removeAttribute("style");
      delete element.dataset.axeStyle;
    }
  });
}

/** Serious and critical violations on the page as it is now, one line each. */
export async function violations(page: Page, where: string): Promise<string[]> {
  await inlineSrgbColours(page);
  const { violations: found } = await new AxeBuilder({ page })
    // Experimental in axe, so off by default: a control's name contains the text it shows.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze()
    .finally(() => restoreColours(page));
  return found
    .filter((rule) => rule.impact === "serious" || rule.impact === "critical")
    .map((rule) => {
      const nodes = rule.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ");
      return `${where}: ${rule.id} (${rule.impact}, ${rule.nodes.length}×) ${nodes}`;
    });
}
