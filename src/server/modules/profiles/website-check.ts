// The outbox's `links.verify` (docs/profiles-and-media.md "Verified links"): reads the profile's
// website through the safe page fetcher and marks it verified when the page links back to the
// profile with rel="me", unverified otherwise. A page that cannot be read (refused address, timeout,
// not HTML) is a result too, not a delivery failure: saving the link again checks again.
import { websiteHref } from "../../../domain/website";
import type { AppContext } from "../../context";
import { findWebsiteOwner, setWebsiteVerifiedAt } from "./queries";
import { isProfileUrl, relMeLinks } from "./rel-me";

export async function verifyWebsite(
  { db, config, webPages, log }: Pick<AppContext, "db" | "config" | "webPages" | "log">,
  { userId, websiteUrl }: { userId: string; websiteUrl: string },
): Promise<void> {
  const owner = await findWebsiteOwner(db, userId);
  const href = websiteHref(websiteUrl);
  if (owner?.websiteUrl !== websiteUrl || !href) return;
  const names = [owner.defaultUsername, ...(owner.username ? [owner.username] : [])];
  const page = await webPages(href);
  const verified =
    page.ok &&
    relMeLinks(page.html, page.url).some((link) =>
      isProfileUrl(link, { publicUrl: config.publicUrl, names }),
    );
  if (!page.ok) log.info({ userId, reason: page.reason }, "website not read for its rel=me link");
  await setWebsiteVerifiedAt(db, { userId, websiteUrl, verifiedAt: verified ? new Date() : null });
}
