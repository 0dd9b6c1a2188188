// Finding a website's link back to a profile (docs/profiles-and-media.md "Verified links"), as
// Mastodon does: an <a> or <link> whose rel token list holds "me" and whose href, resolved
// against the page (or its <base href>), is the profile's address on this site.
import { Parser } from "htmlparser2";

const REL_SEPARATORS = /[\t\n\f\r ]+/;

function resolved(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).toString();
  } catch {
    return null;
  }
}

/** Every rel="me" link of `html` as an absolute URL; `pageUrl` is where the page was read. */
export function relMeLinks(html: string, pageUrl: string): string[] {
  const hrefs: string[] = [];
  let base: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "base" && base === null && attributes.href !== undefined) {
        base = resolved(attributes.href, pageUrl);
        return;
      }
      if (name !== "a" && name !== "link") return;
      const { rel, href } = attributes;
      if (rel === undefined || href === undefined) return;
      if (rel.split(REL_SEPARATORS).some((token) => token.toLowerCase() === "me")) hrefs.push(href);
    },
  });
  parser.end(html);
  // A <base> sets the address for the whole document, links before it included.
  const against = base ?? pageUrl;
  return hrefs.map((href) => resolved(href, against)).filter((url) => url !== null);
}

/**
 * True when `link` is the profile page `{PUBLIC_URL}/{name}` for one of `names` (the handle, the
 * default username, a reserved username): any case, with or without a trailing slash, over http
 * or https on PUBLIC_URL's host and port; a fragment is ignored.
 */
export function isProfileUrl(link: string, site: { publicUrl: string; names: string[] }): boolean {
  let url: URL;
  let home: URL;
  try {
    url = new URL(link);
    home = new URL(site.publicUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.hostname !== home.hostname || url.port !== home.port || url.search !== "") return false;
  if (url.username || url.password) return false;
  const prefix = home.pathname.replace(/\/+$/, "");
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).replace(/\/$/, "").toLowerCase();
  } catch {
    return false;
  }
  return site.names.some((name) => path === `${prefix}/${name}`.toLowerCase());
}
