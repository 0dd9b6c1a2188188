// Link previews (docs/feed.md "Link previews"): the card of a post's first link, read once by the
// server, never by the browser. The page is read through the safe page fetcher (infra/page-fetch.ts:
// public addresses only, each redirect checked, a time and size bound), its head parsed for
// OpenGraph tags and a JSON oEmbed endpoint (link-preview-page.ts), and its image fetched the same
// way and re-encoded into our media (no hot-linking). Each URL's read is kept for everyone: a
// card for a day, a page without one (or that could not be read) for ten minutes; asks for a URL
// already being read wait for that read.
import type { LinkPreviewCard } from "../../../domain/contracts/link-previews";
import { ERROR_CODES } from "../../../domain/error-codes";
import { firstLink } from "../../../domain/first-link";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { badRequest } from "../../errors";
import type { BodyWanted } from "../../infra/page-fetch";
import { hasNewAccountLimits } from "../../policy/new-accounts";
import { storeImage } from "../media/service";
import { type PageCard, readOembed, readPageHead } from "./link-preview-page";
import {
  freshPreview,
  insertPreview,
  type LinkPreviewRow,
  previewById,
} from "./link-preview-queries";

const MINUTE_MS = 60_000;
/** How long a read is kept: a card, and a page that gave none. */
export const CARD_TTL_MS = 24 * 60 * MINUTE_MS;
export const MISS_TTL_MS = 10 * MINUTE_MS;
/** The whole read (page, oEmbed, image) ends within this; the page alone within PAGE_MS. */
export const READ_BUDGET_MS = 6_000;
const PAGE_MS = 4_000;

const PAGE: BodyWanted = {
  types: /^\s*(text\/html|application\/xhtml\+xml)\s*(;|$)/i,
  accept: "text/html,application/xhtml+xml;q=0.9",
  // The head is all a card needs.
  maxBytes: 512 * 1024,
  timeoutMs: PAGE_MS,
};
const OEMBED: Omit<BodyWanted, "timeoutMs"> = {
  types: /^\s*(application\/(json|json\+oembed)|text\/javascript)\s*(;|$)/i,
  accept: "application/json",
  maxBytes: 64 * 1024,
  whole: true,
};
const IMAGE: Omit<BodyWanted, "timeoutMs"> = {
  types: /^\s*image\//i,
  accept: "image/*",
  maxBytes: 5 * 1024 * 1024,
  whole: true,
};
/** Whose media folder the cards' images are stored in (content-addressed, shared by all). */
const IMAGE_OWNER = "link-previews";

export type LinkPreviewDeps = Pick<
  AppContext,
  "db" | "webPages" | "store" | "limits" | "log" | "config"
>;

/** Reads in progress per database and URL: a second ask waits for the first. */
const reading = new WeakMap<Db, Map<string, Promise<LinkPreviewRow>>>();

const toCard = (row: LinkPreviewRow): LinkPreviewCard => ({
  id: row.id,
  url: row.url,
  title: row.title ?? "",
  description: row.description,
  siteName: row.siteName,
  imageUrl: row.imageUrl,
});

/** The card of `url` (a normalized link: domain/first-link.ts), or null when it has none. */
export async function linkPreviewOf(
  deps: LinkPreviewDeps,
  { viewerId, url }: { viewerId: string; url: string },
): Promise<LinkPreviewCard | null> {
  await deps.limits.consume("linkPreviewsPerUser", viewerId);
  // A new account's links are inert and show no card: nothing is read for them (docs/safety.md
  // "New accounts").
  if (await hasNewAccountLimits(deps, { userId: viewerId, now: new Date() })) return null;
  const row = await cachedRead(deps, url);
  return row.found ? toCard(row) : null;
}

async function cachedRead(deps: LinkPreviewDeps, url: string): Promise<LinkPreviewRow> {
  const fresh = await freshPreview(deps.db, { url, now: new Date() });
  if (fresh) return fresh;
  let running = reading.get(deps.db);
  if (!running) {
    running = new Map();
    reading.set(deps.db, running);
  }
  const pending = running.get(url);
  if (pending) return pending;
  const read = readAndKeep(deps, url).finally(() => running.delete(url));
  running.set(url, read);
  return read;
}

async function readAndKeep(deps: LinkPreviewDeps, url: string): Promise<LinkPreviewRow> {
  const card = await readCard(deps, url);
  const fetchedAt = new Date();
  return insertPreview(deps.db, {
    url,
    found: card !== null,
    title: card?.title ?? null,
    description: card?.description ?? null,
    siteName: card?.siteName ?? null,
    imageUrl: card?.imageUrl ?? null,
    fetchedAt,
    expiresAt: new Date(fetchedAt.getTime() + (card ? CARD_TTL_MS : MISS_TTL_MS)),
  });
}

type StoredCard = Omit<PageCard, "imageSource"> & { title: string; imageUrl: string | null };

/** The page's card with its image stored, or null when the page gives no title. */
async function readCard(deps: LinkPreviewDeps, url: string): Promise<StoredCard | null> {
  const deadline = Date.now() + READ_BUDGET_MS;
  const left = () => deadline - Date.now();
  const page = await deps.webPages.body(url, PAGE);
  if (!page.ok) {
    deps.log.info({ url, reason: page.reason }, "link preview: page not read");
    return null;
  }
  const head = readPageHead(new TextDecoder().decode(page.bytes), page.url);
  let card: PageCard = head;
  if (head.oembed && (!head.title || !head.imageSource) && left() > 0) {
    const answer = await deps.webPages.body(head.oembed, { ...OEMBED, timeoutMs: left() });
    const oembed = answer.ok ? readOembed(answer.bytes.toString("utf8"), answer.url) : null;
    if (oembed) {
      card = {
        title: head.title ?? oembed.title,
        description: head.description ?? oembed.description,
        siteName: head.siteName ?? oembed.siteName,
        imageSource: head.imageSource ?? oembed.imageSource,
      };
    }
  }
  if (!card.title) return null;
  return {
    title: card.title,
    description: card.description,
    siteName: card.siteName,
    imageUrl:
      card.imageSource && left() > 0 ? await storedImage(deps, card.imageSource, left()) : null,
  };
}

/** The image re-encoded into our media (profiles-and-media.md "Link preview images"), or null. */
async function storedImage(
  deps: LinkPreviewDeps,
  source: string,
  timeoutMs: number,
): Promise<string | null> {
  const image = await deps.webPages.body(source, { ...IMAGE, timeoutMs });
  if (!image.ok) {
    deps.log.info({ source, reason: image.reason }, "link preview: image not read");
    return null;
  }
  try {
    return await storeImage(deps.store, { ownerId: IMAGE_OWNER, kind: "post", bytes: image.bytes });
  } catch (error) {
    deps.log.info({ source, err: error }, "link preview: image not stored");
    return null;
  }
}

/** The card a new post points at: only one read for the post's first link, and none for a post
 * with images (a card is not shown beside them: docs/feed.md "Link previews"). */
export async function chosenPreviewId(
  db: Db,
  {
    linkPreviewId,
    content,
    hasImages,
  }: { linkPreviewId: string | null; content: string; hasImages: boolean },
): Promise<string | null> {
  if (!linkPreviewId || hasImages) return null;
  const row = await previewById(db, linkPreviewId);
  if (!row?.found || row.url !== firstLink(content)) {
    const message = "This preview is not for the post's first link.";
    throw badRequest(ERROR_CODES.validation, message, { linkPreviewId: [message] });
  }
  return row.id;
}
