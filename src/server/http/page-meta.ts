// Link previews for crawlers, which run no JavaScript: the app's HTML is answered with the
// page's title, description, canonical link, Open Graph and Twitter tags already in <head>.
import { clipText } from "../../domain/graphemes";

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /ada */
  canonicalPath: string;
  /** Absolute or root-relative image URL. */
  image?: string | null;
  type: "website" | "profile" | "article";
}

/** Returns the meta of an app page, or null when the path has no page of its own. */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null>;

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
