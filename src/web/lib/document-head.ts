// Page metadata during client-side navigation (spec-1 §2 "Page metadata … is set per profile and
// per post"). The server already writes these tags into the HTML for crawlers
// (src/server/http/app-html.ts); this keeps <head> right once the app navigates, and puts back
// what was there when the screen goes away. Titles and descriptions come from
// domain/page-titles.ts and absolute URLs start with the public URL, as on the server.
import { useEffect } from "react";
import type { PublicSiteConfig } from "../../domain/contracts/site";
import type { StaticPage } from "../../domain/page-routes";
import { pageText } from "../../domain/page-titles";
import { useSite } from "./site-config";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute or root-relative image URL. */
  image?: string | null | undefined;
  /** Path of the canonical URL, e.g. /ada */
  canonicalPath?: string | undefined;
  type?: "website" | "profile" | "article";
}

const DESCRIPTION_MAX = 300;

type TagKey = readonly ["name" | "property", string];

type Site = Pick<PublicSiteConfig, "siteName" | "publicUrl">;

const absolute = (site: Site, url: string) =>
  /^https?:\/\//.test(url) ? url : `${site.publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;

function shorten(description: string): string {
  return description.length > DESCRIPTION_MAX
    ? `${description.slice(0, DESCRIPTION_MAX - 3)}…`
    : description;
}

/** Takes a tag out of <head>; returns how to put it back where it was. */
function detach(existing: Element | null): () => void {
  if (!existing) return () => {};
  const next = existing.nextSibling;
  existing.remove();
  return () => document.head.insertBefore(existing, next);
}

/** Sets one <meta> (or removes it when `content` is null); returns how to put it back. */
function setMeta([attr, key]: TagKey, content: string | null): () => void {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) return detach(existing);
  if (existing) {
    const before = existing.content;
    existing.content = content;
    return () => {
      existing.content = before;
    };
  }
  const created = document.createElement("meta");
  created.setAttribute(attr, key);
  created.content = content;
  document.head.append(created);
  return () => created.remove();
}

function setCanonical(href: string | null): () => void {
  const existing = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) return detach(existing);
  if (existing) {
    const before = existing.getAttribute("href");
    existing.href = href;
    return () => {
      if (before === null) existing.removeAttribute("href");
      else existing.setAttribute("href", before);
    };
  }
  const created = document.createElement("link");
  created.rel = "canonical";
  created.href = href;
  document.head.append(created);
  return () => created.remove();
}

/** Applies the metadata to <head>; returns the undo. */
function applyPageMeta(meta: PageMetaInput, site: Site): () => void {
  const description = shorten(meta.description);
  const canonical = meta.canonicalPath ? absolute(site, meta.canonicalPath) : null;
  const image = meta.image ? absolute(site, meta.image) : null;
  const tags: [TagKey, string | null][] = [
    [["name", "description"], description],
    [["property", "og:site_name"], site.siteName],
    [["property", "og:type"], meta.type ?? "website"],
    [["property", "og:title"], meta.title],
    [["property", "og:description"], description],
    [["property", "og:url"], canonical],
    [["property", "og:image"], image],
    [["name", "twitter:card"], image ? "summary_large_image" : "summary"],
    [["name", "twitter:title"], meta.title],
    [["name", "twitter:description"], description],
    [["name", "twitter:image"], image],
  ];
  const previousTitle = document.title;
  document.title = meta.title;
  const undo = [setCanonical(canonical), ...tags.map(([key, content]) => setMeta(key, content))];
  return () => {
    for (const step of undo.reverse()) step();
    document.title = previousTitle;
  };
}

/** Keeps <head> in step with the screen; null leaves it alone (e.g. while loading). */
export function usePageMeta(meta: PageMetaInput | null): void {
  const { siteName, publicUrl } = useSite();
  const title = meta?.title;
  const description = meta?.description;
  const image = meta?.image ?? null;
  const canonicalPath = meta?.canonicalPath;
  const type = meta?.type;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    return applyPageMeta(
      { title, description, image, canonicalPath, type },
      { siteName, publicUrl },
    );
  }, [title, description, image, canonicalPath, type, siteName, publicUrl]);
}

/** The title and description of a page its address alone names (domain/page-routes.ts), the
 * same the server wrote into the HTML; null leaves <head> alone. */
export function useStaticPageMeta(page: StaticPage | null): void {
  const { siteName } = useSite();
  usePageMeta(page ? pageText({ kind: page }, siteName) : null);
}
