// The public site settings (domain/contracts/site.ts): product name, mail domain, public URL.
// The server embeds them in every HTML page, so the app knows them before its first render; only
// the Vite dev server's page lacks the block, and then they are asked from GET /api/site.
import type { PublicSiteConfig, publicSiteConfig } from "../../domain/contracts/site";
import { SITE_CONFIG_ELEMENT_ID } from "../../domain/page-blocks";
import { api } from "./api";
import { hasStrings, isObject, readJsonBlock } from "./json-block";

let current: PublicSiteConfig | null = null;

/** The settings embedded in the page, or null when it has none (or they do not parse). */
export function readSiteConfigBlock(doc: Document = document): PublicSiteConfig | null {
  const block = readJsonBlock(SITE_CONFIG_ELEMENT_ID, doc);
  if (!isObject(block) || !hasStrings(block, "siteName", "mailDomain", "publicUrl")) return null;
  if (typeof block.newAccountDays !== "number") return null;
  return block as PublicSiteConfig;
}

/** Sets the settings the app runs with; called once before the first render (and by tests). */
export function setSiteConfig(config: PublicSiteConfig): void {
  current = config;
}

/** Asks the server, for a page without the block. */
export function fetchSiteConfig(): Promise<PublicSiteConfig> {
  return api.get<typeof publicSiteConfig>("/api/site");
}

/** The site settings. They never change while the page lives, so nothing re-renders for them. */
export function useSite(): PublicSiteConfig {
  if (!current) throw new Error("Site settings are not set: call setSiteConfig() first");
  return current;
}
