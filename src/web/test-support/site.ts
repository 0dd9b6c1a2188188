// The site settings the web tests run with, as the server would embed them in the page.
import type { PublicSiteConfig } from "../../domain/contracts/site";

export const TEST_SITE: PublicSiteConfig = {
  siteName: "chtcht",
  mailDomain: "chtcht.local",
  publicUrl: window.location.origin,
  newAccountDays: 7,
};
