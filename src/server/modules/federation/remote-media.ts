// Images from elsewhere (docs/federation.md "Images from elsewhere"): a post's image attachments
// (at most 4, their `name` as alt text) and a person's picture are fetched once, in the
// background (the outbox's `federation.media`), through the private-address-safe reader
// (infra/image-fetch.ts) and our media pipeline: size caps, re-encoded, metadata stripped, stored
// in our media store. The browser only ever loads our copy. An image that fails or is too large
// is left out; a server whose media a moderator rejects is never fetched from.
import { Document, type Note } from "@fedify/vocab";
import type { AppContext } from "../../context";
import type { RemoteImage } from "../../db/schema/federation";
import { IMAGE_LIMITS, type ImageKind } from "../../infra/image-checks";
import { fetchImage } from "../../infra/image-fetch";
import type { RemoteMediaTarget } from "../../outbox/messages";
import type { Effects } from "../../outbox/outbox";
import { storeImage } from "../media/service";
import { domainBlockOf } from "./block-queries";
import { noteImagesOf, setActorIcon, setNoteMedia } from "./media-queries";
import { actorById } from "./queries";

const MAX_IMAGES = 4;
const ALT_MAX = 1_500;

export type RemoteMediaDeps = Pick<AppContext, "db" | "store" | "config" | "log">;

/** Refuses every fetch: an attachment given by its id alone is left out, not fetched. */
const noFetch = async (url: string): Promise<never> => {
  throw new Error(`not fetched: ${url}`);
};

/** The Note's image attachments as it names them: http(s) addresses, at most 4. */
export async function imagesOf(note: Note): Promise<RemoteImage[]> {
  const images: RemoteImage[] = [];
  const attachments = note.getAttachments({ suppressError: true, documentLoader: noFetch });
  for await (const item of attachments) {
    if (!(item instanceof Document)) continue;
    if (item.mediaType && !item.mediaType.startsWith("image/")) continue;
    const url = item.url instanceof URL ? item.url : item.url?.href;
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) continue;
    images.push({ url: url.href, alt: (item.name?.toString() ?? "").trim().slice(0, ALT_MAX) });
    if (images.length === MAX_IMAGES) break;
  }
  return images;
}

type ActorIcon = { id: string; iconUrl: string | null; iconFetchedFrom: string | null };

/** Whether the person shows a picture not fetched yet. */
export const iconToFetch = (actor: ActorIcon) =>
  Boolean(actor.iconUrl) && actor.iconUrl !== actor.iconFetchedFrom;

/** Asks for the images a post or person shows that are not fetched yet, with the change. */
export function fetchImagesLater(
  fx: Pick<Effects, "fetchRemoteMedia">,
  {
    noteId,
    images,
    actor,
  }: {
    noteId?: string;
    images?: RemoteImage[];
    actor?: ActorIcon;
  },
) {
  const target: RemoteMediaTarget = {};
  if (noteId && images && images.length > 0) target.noteId = noteId;
  if (actor && iconToFetch(actor)) target.actorId = actor.id;
  if (target.noteId || target.actorId) fx.fetchRemoteMedia(target);
}

/** Whether images of these servers may be fetched (none of them rejects media or is suspended). */
async function mayFetchFrom(deps: RemoteMediaDeps, hosts: string[]): Promise<boolean> {
  for (const host of new Set(hosts)) {
    const severity = await domainBlockOf(deps.db, host);
    if (severity === "reject_media" || severity === "suspend") return false;
  }
  return true;
}

/** The image at `url` stored through our pipeline; its /media/ URL, or null when it failed. */
async function storedCopy(
  deps: RemoteMediaDeps,
  { url, kind, ownerId }: { url: string; kind: ImageKind; ownerId: string },
): Promise<string | null> {
  const fetched = await fetchImage(url, {
    allowPrivate: deps.config.federation.allowPrivate,
    maxBytes: IMAGE_LIMITS[kind].maxBytes,
    userAgent: `${deps.config.siteName}/1 (+${deps.config.publicUrl})`,
  });
  if (!fetched.ok) {
    deps.log.warn({ url, reason: fetched.reason }, "image from elsewhere not fetched");
    return null;
  }
  try {
    return await storeImage(deps.store, { ownerId, kind, bytes: fetched.bytes });
  } catch (error) {
    deps.log.warn({ url, err: error }, "image from elsewhere not stored");
    return null;
  }
}

async function fetchNoteImages(deps: RemoteMediaDeps, noteId: string) {
  const note = await noteImagesOf(deps.db, noteId);
  if (!note || note.media !== null) return;
  const media: RemoteImage[] = [];
  const hosts = [note.host, ...note.attachments.map((a) => new URL(a.url).host)];
  if (await mayFetchFrom(deps, hosts)) {
    for (const image of note.attachments) {
      const url = await storedCopy(deps, {
        url: image.url,
        kind: "post",
        ownerId: `fed:${noteId}`,
      });
      if (url) media.push({ url, alt: image.alt });
    }
  }
  await setNoteMedia(deps.db, { noteId, media });
}

async function fetchActorIcon(deps: RemoteMediaDeps, actorId: string) {
  const actor = await actorById(deps.db, actorId);
  const from = actor?.iconUrl;
  if (!actor || !from || from === actor.iconFetchedFrom) return;
  const allowed = await mayFetchFrom(deps, [actor.host, new URL(from).host]);
  const mediaUrl = allowed
    ? await storedCopy(deps, { url: from, kind: "avatar", ownerId: `fed:${actorId}` })
    : null;
  await setActorIcon(deps.db, { actorId, from, mediaUrl });
}

/** The outbox's `federation.media` handler. */
export function remoteMediaHandler(deps: RemoteMediaDeps) {
  return async ({ noteId, actorId }: RemoteMediaTarget): Promise<void> => {
    if (noteId) await fetchNoteImages(deps, noteId);
    if (actorId) await fetchActorIcon(deps, actorId);
  };
}
