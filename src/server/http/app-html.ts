// The app's HTML as the server answers it. Link previews for crawlers, which run no JavaScript:
// the page's title, description, canonical link, Open Graph and Twitter tags already in <head>.
// And the public site settings as a JSON data block the browser reads before its first render.
import type { SessionUser } from "../../domain/contracts/auth";
import type { PageData } from "../../domain/contracts/page-data";
import type { PublicSiteConfig } from "../../domain/contracts/site";
import { clipText } from "../../domain/graphemes";
import { SITE_CONFIG_ELEMENT_ID } from "../../domain/page-blocks";
import { pageText } from "../../domain/page-titles";

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /ada */
  canonicalPath: string;
  /** Absolute or root-relative image URL. */
  image?: string | null;
  type: "website" | "profile" | "article";
  /** A profile's or a post's view, shown before any script runs (page-preview.ts). */
  preview?: PageData;
}

/**
 * Returns the status and meta of an app page as the signed-in `viewer` may see it (null: signed
 * out). A profile or a post hidden from the viewer by a block or a suspension answers as a
 * missing one (docs/safety.md "Pages served by the server").
 */
export type PageMetaResolver = (pathname: string, viewer: SessionUser | null) => Promise<PageMeta>;

const START = "<!--page-meta-->";
const END = "<!--/page-meta-->";

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;

export function renderHead(meta: PageMeta, site: { publicUrl: string; siteName: string }): string {
  const canonical = absolute(site.publicUrl, meta.canonicalPath);
  const description = clipText(meta.description, 300);
  const tags: [string, string, string][] = [
    ["name", "description", description],
    ["property", "og:site_name", site.siteName],
    ["property", "og:type", meta.type],
    ["property", "og:title", meta.title],
    ["property", "og:description", description],
    ["property", "og:url", canonical],
    ["name", "twitter:card", meta.image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", meta.title],
    ["name", "twitter:description", description],
  ];
  if (meta.image) {
    const image = absolute(site.publicUrl, meta.image);
    tags.push(["property", "og:image", image], ["name", "twitter:image", image]);
  }
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ];
  return lines.join("\n    ");
}

/** Replaces the default head block of index.html (between the page-meta markers). */
export function injectHead(indexHtml: string, head: string): string {
  const start = indexHtml.indexOf(START);
  const end = indexHtml.indexOf(END);
  if (start < 0 || end < start) return indexHtml;
  return `${indexHtml.slice(0, start)}${head}${indexHtml.slice(end + END.length)}`;
}

/** Keeps the default head block of a page without its own meta, titled with the site's name. */
export function injectDefaultTitle(indexHtml: string, siteName: string): string {
  const start = indexHtml.indexOf(START);
  const end = indexHtml.indexOf(END);
  if (start < 0 || end < start) return indexHtml;
  const title = `<title>${escapeHtml(pageText({ kind: "home" }, siteName).title)}</title>`;
  const block = indexHtml.slice(start, end).replace(/<title>[^<]*<\/title>/, () => title);
  return `${indexHtml.slice(0, start)}${block}${indexHtml.slice(end)}`;
}

/** JSON that cannot close the <script> element it sits in: every <, > and & as a \u escape. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** A data block, not a script: the strict CSP (script-src 'self') does not apply to it. */
export function renderJsonBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;
}

export const renderSiteConfig = (site: PublicSiteConfig) =>
  renderJsonBlock(SITE_CONFIG_ELEMENT_ID, site);

/** Puts data blocks at the end of <head> (of the page, when it has none). */
export function injectBlocks(html: string, block: string): string {
  const at = html.indexOf("</head>");
  return at < 0 ? `${block}${html}` : `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}
