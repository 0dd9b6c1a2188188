// The public settings the browser may know (ARCHITECTURE.md "Config validated once at boot … the
// browser gets only a whitelisted public subset"): answered by GET /api/site and embedded in every
// HTML page as a JSON data block, so the app reads them before its first render.
import { z } from "zod";

export const publicSiteConfig = z.object({
  /** The product's name (SITE_NAME), shown in the header, titles and texts. */
  siteName: z.string().min(1),
  /** The domain of every member's in-product mail address (MAIL_DOMAIN). */
  mailDomain: z.string().min(1),
  /** Where the app is reached (PUBLIC_URL), without a trailing slash. */
  publicUrl: z.string().min(1),
  /** How many days a new account's links stay inert (NEW_ACCOUNT_DAYS; docs/safety.md "New
   * accounts"), which its author is told under their own post. */
  newAccountDays: z.number().int().min(0),
});
export type PublicSiteConfig = z.infer<typeof publicSiteConfig>;
