// What a linked page says of itself, for its preview card (docs/feed.md "Link previews"): the
// OpenGraph tags (og:title, og:description, og:image, og:site_name), else <title> and the meta
// description, and the JSON oEmbed endpoint it names (<link rel="alternate"
// type="application/json+oembed">). Only the head matters: parsing stops at <body>, so a huge
// page's first bytes are enough.
import { Parser } from "htmlparser2";

/** Longest text kept of each field. */
const FIELD_MAX = { title: 200, description: 400, siteName: 100 } as const;
/** Longest image address taken from a page. */
const IMAGE_URL_MAX = 2048;

export interface PageCard {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) address of the page's image, not yet fetched. */
  imageSource: string | null;
}

export interface PageHead extends PageCard {
  /** The page's JSON oEmbed endpoint, absolute. */
  oembed: string | null;
}

const clean = (text: string | undefined, max: number): string | null => {
  const value = text?.replace(/\s+/g, " ").trim();
  if (!value) return null;
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
};

function absolute(href: string | undefined, base: string): string | null {
  if (!href || href.length > IMAGE_URL_MAX) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The head of `html` (read from `pageUrl`) as a card's fields. */
export function readPageHead(html: string, pageUrl: string): PageHead {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let oembedHref: string | undefined;
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "body") parser.pause();
        else if (name === "title") inTitle = true;
        else if (name === "base" && attributes.href)
          base = absolute(attributes.href, pageUrl) ?? base;
        else if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) {
            meta.set(key, attributes.content);
          }
        } else if (
          name === "link" &&
          oembedHref === undefined &&
          attributes.rel?.toLowerCase() === "alternate" &&
          attributes.type?.toLowerCase() === "application/json+oembed"
        ) {
          oembedHref = attributes.href;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        if (name === "head") parser.pause();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: clean(meta.get("og:title") ?? title, FIELD_MAX.title),
    description: clean(
      meta.get("og:description") ?? meta.get("description"),
      FIELD_MAX.description,
    ),
    siteName: clean(meta.get("og:site_name"), FIELD_MAX.siteName),
    imageSource: absolute(meta.get("og:image") ?? meta.get("og:image:url"), base),
    oembed: absolute(oembedHref, base),
  };
}

/** A JSON oEmbed answer's fields (oembed.com §2.3.4): title, provider_name, thumbnail_url. */
export function readOembed(json: string, endpoint: string): PageCard | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  const field = (key: string) => {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === "string" ? value : undefined;
  };
  return {
    title: clean(field("title"), FIELD_MAX.title),
    description: clean(field("description"), FIELD_MAX.description),
    siteName: clean(field("provider_name"), FIELD_MAX.siteName),
    imageSource: absolute(field("thumbnail_url"), endpoint),
  };
}
