// What goes into an export and in which order (docs/accounts.md "Your data"): each file streamed
// from the database in keyset pages, each media file streamed from the object store, all into one
// zip written to the private exports store. Progress (rows and files done) is counted as it goes.

import { effectiveAudiences } from "../../../domain/audiences";
import type { ExportStage } from "../../../domain/contracts/export";
import type { MailSettings } from "../../../domain/contracts/mail";
import type { ReadingSettings } from "../../../domain/contracts/posts";
import { displayHandle } from "../../../domain/handles";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { mailSettingsOf } from "../mail/settings";
import { keyOfMediaUrl } from "../media/service";
import { readingSettingsOf } from "../posts/reading";
import { presentProfile } from "../profiles/present";
import { type ProfileRow, profileRowOf } from "../profiles/rows";
import {
  acceptedSendersOf,
  appealsOf,
  badgeRequestsOf,
  bookmarksPage,
  commentLikesPage,
  commentsPage,
  followedTagsOf,
  followsPage,
  type Keyset,
  messagesPage,
  mutedWordsOf,
  postImagesPage,
  postLikesPage,
  postsPage,
  remoteRepostsPage,
  repostsPage,
  threadMembers,
  threadsPage,
} from "./data-queries";
import { followsCsv, jsonArray, paged } from "./file-formats";
import { type Party, ThreadWriter } from "./mbox";
import { readmeText } from "./readme";
import type { ZipWriter } from "./zip-writer";

const PAGE = 500;

export type ArchiveDeps = Pick<AppContext, "db" | "config" | "store">;

/** Told of each file as it starts and of every row or file written. */
export interface Progress {
  stage(stage: ExportStage): Promise<void>;
  count(items: number): Promise<void>;
}

const keyset = (row: { createdAt: Date; id: string } | null): Keyset | null =>
  row ? { at: row.createdAt, id: row.id } : null;

/** Pages of `fetch`, each counted once it is handed on. */
async function* counted<T>(pages: AsyncIterable<T[]>, progress: Progress): AsyncGenerator<T[]> {
  for await (const page of pages) {
    yield page;
    await progress.count(page.length);
  }
}

/** Pages of a query whose rows carry their own keyset. */
function byKeyset<T extends { createdAt: Date; id: string }>(
  fetch: (db: Db, key: Keyset | null) => Promise<T[]>,
  db: Db,
) {
  return paged<T>((last) => fetch(db, keyset(last)), PAGE);
}

/** Pages of a query that goes by id alone. */
function byId<T extends { id: string }>(
  fetch: (db: Db, afterId: string | null) => Promise<T[]>,
  db: Db,
) {
  return paged<T>((last) => fetch(db, last?.id ?? null), PAGE);
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(map);
}

/** A post's n-th image (from 1, in the post's order). */
const postImagePath = (postId: string, position: number) => `media/posts/${postId}-${position}.jpg`;

function profileFile(row: ProfileRow, reading: ReadingSettings, mail: MailSettings) {
  const view = presentProfile(row, "owner");
  // Who may see each value: a county no wider than the city (domain/audiences.ts).
  const audiences = view.privacy && effectiveAudiences(view.privacy.audiences, view.attributes);
  const attributes = Object.fromEntries(
    Object.entries(view.attributes).map(([key, value]) => [
      key,
      { value, audience: audiences?.[key as keyof typeof audiences] ?? null },
    ]),
  );
  return {
    userId: view.userId,
    handle: view.handle,
    username: view.username,
    defaultUsername: view.defaultUsername,
    fullName: view.fullName,
    mailAddress: view.chtchtEmail,
    signUpEmail: view.emailAddress,
    about: view.about,
    websiteUrl: view.websiteUrl,
    verification: view.verificationType,
    veteran: view.veteran,
    createdAt: row.profile.createdAt.toISOString(),
    attributes,
    demographicSearch: view.privacy?.demographicSearch ?? null,
    sensitiveConsents: row.profile.sensitiveConsents,
    avatar: row.profile.profileImageUrl ? "media/avatar.jpg" : null,
    banner: row.profile.bannerUrl ? "media/banner.jpg" : null,
    pictures: view.pictures.map((url, i) => (url ? `media/pictures/${i + 1}.jpg` : null)),
    counts: view.counts,
    reading,
    // 'Who can message me' (docs/mail.md "Who can be written to").
    mail,
  };
}

/** The messages of every thread the person is in, each thread in order, as mbox entries. */
async function* mailbox(deps: ArchiveDeps, userId: string, progress: Progress) {
  for await (const threads of byId(
    (db, afterId) => threadsPage(db, userId, afterId, PAGE),
    deps.db,
  )) {
    for (const thread of threads) {
      const members = await threadMembers(deps.db, thread.id);
      const parties = new Map<string | null, Party>(
        members.map((m) => [m.userId, { name: m.name, address: m.address }]),
      );
      const outside: Party | null = thread.externalAddress
        ? { name: thread.externalAddress, address: thread.externalAddress }
        : null;
      const everyone = [...parties.values(), ...(outside ? [outside] : [])];
      const writer = new ThreadWriter(deps.config.mailDomain);
      const pages = byKeyset((db, key) => messagesPage(db, thread.id, key, PAGE), deps.db);
      for await (const messages of pages) {
        const entries: Buffer[] = [];
        for (const row of messages) {
          const from =
            (row.senderId ? parties.get(row.senderId) : undefined) ??
            (row.senderAddress ? { name: row.senderAddress, address: row.senderAddress } : outside);
          if (!from) continue;
          const to = everyone.find((party) => party.address !== from.address) ?? from;
          entries.push(await writer.entry(row, { from, to }));
        }
        yield Buffer.concat(entries);
        await progress.count(messages.length);
      }
    }
  }
}

/** Adds one object of the media store, if it is there. */
async function addMedia(deps: ArchiveDeps, zip: ZipWriter, url: string | null, name: string) {
  const key = url ? keyOfMediaUrl(url) : null;
  const object = key ? await deps.store.getStream(key) : null;
  // JPEGs are compressed already: stored as they are.
  if (object) await zip.add(name, object.body, { compress: false });
}

/** Writes every file of the person's export into `zip`. */
export async function writeArchive(
  deps: ArchiveDeps,
  { userId, zip, progress, now }: { userId: string; zip: ZipWriter; progress: Progress; now: Date },
): Promise<void> {
  const { db } = deps;
  const profile = await profileRowOf(db, userId);
  if (!profile) throw new Error("the person of this export has no profile");

  await progress.stage("profile.json");
  const [reading, mail] = await Promise.all([
    readingSettingsOf(deps, userId),
    mailSettingsOf(deps, userId),
  ]);
  zip.addBuffer(
    "profile.json",
    Buffer.from(`${JSON.stringify(profileFile(profile, reading, mail), null, 2)}\n`),
  );
  const badges = await badgeRequestsOf(db, userId);
  zip.addBuffer("badge-requests.json", Buffer.from(`${JSON.stringify(badges, null, 2)}\n`));
  const followedTags = (await followedTagsOf(db, userId)).map((t) => ({
    ...t,
    followedAt: t.followedAt.toISOString(),
  }));
  zip.addBuffer("followed_tags.json", Buffer.from(`${JSON.stringify(followedTags, null, 2)}\n`));
  const muted = (await mutedWordsOf(db, userId)).map((w) => ({
    ...w,
    expiresAt: w.expiresAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
  }));
  zip.addBuffer("muted_words.json", Buffer.from(`${JSON.stringify(muted, null, 2)}\n`));
  const accepted = (await acceptedSendersOf(db, userId)).map((a) => ({
    ...a,
    acceptedAt: a.acceptedAt.toISOString(),
  }));
  zip.addBuffer("accepted_senders.json", Buffer.from(`${JSON.stringify(accepted, null, 2)}\n`));
  const appeals = (await appealsOf(db, userId)).map((a) => ({
    action: {
      kind: a.action,
      on: a.targetType,
      rule: a.rule,
      note: a.note,
      takenAt: a.actionAt.toISOString(),
    },
    text: a.text,
    status: a.status,
    decisionReason: a.decisionReason,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  }));
  zip.addBuffer("appeals.json", Buffer.from(`${JSON.stringify(appeals, null, 2)}\n`));

  await progress.stage("posts.json");
  const posts = byKeyset((db, key) => postsPage(db, userId, key, PAGE), db);
  await zip.add(
    "posts.json",
    jsonArray(
      mapPages(counted(posts, progress), (p) => ({
        id: p.id,
        slug: p.slug,
        text: p.content,
        contentWarning: p.contentWarning,
        images: p.images.map((image, n) => ({
          file: postImagePath(p.id, n + 1),
          alt: image.alt,
          width: image.width,
          height: image.height,
        })),
        imageSensitive: p.imageSensitive,
        // The id of the post it quotes (docs/feed.md "Reposts and quotes"), or null.
        quoteOf: p.quoteOf,
        // The address of the post from elsewhere it quotes, while its server keeps it, or null.
        quoteOfElsewhere: p.quoteOfElsewhere,
        // 'Who can reply' (docs/safety.md "Who can reply and write").
        replyPolicy: p.replyPolicy,
        likes: p.likesCount,
        comments: p.commentsCount,
        views: p.viewsCount,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      })),
    ),
  );

  await progress.stage("comments.json");
  const comments = byKeyset((db, key) => commentsPage(db, userId, key, PAGE), db);
  await zip.add(
    "comments.json",
    jsonArray(
      mapPages(counted(comments, progress), (c) => ({
        id: c.id,
        postId: c.postId,
        replyTo: c.parentCommentId,
        text: c.content,
        likes: c.likesCount,
        removedByModerator: c.removedAt !== null,
        createdAt: c.createdAt.toISOString(),
      })),
    ),
  );

  await progress.stage("likes.json");
  async function* likes() {
    const postLikes = byId((db, afterId) => postLikesPage(db, userId, afterId, PAGE), db);
    yield* mapPages(counted(postLikes, progress), (like) => ({
      type: "post",
      postId: like.id,
      author: like.author,
      likedAt: like.createdAt.toISOString(),
    }));
    const commentLikes = byId((db, afterId) => commentLikesPage(db, userId, afterId, PAGE), db);
    yield* mapPages(counted(commentLikes, progress), (like) => ({
      type: "comment",
      commentId: like.id,
      postId: like.postId,
      author: like.author,
      likedAt: like.createdAt.toISOString(),
    }));
  }
  await zip.add("likes.json", jsonArray(likes()));

  await progress.stage("bookmarks.json");
  const bookmarks = byKeyset((db, key) => bookmarksPage(db, userId, key, PAGE), db);
  await zip.add(
    "bookmarks.json",
    jsonArray(
      mapPages(counted(bookmarks, progress), (bookmark) => ({
        postId: bookmark.id,
        author: bookmark.author,
        bookmarkedAt: bookmark.createdAt.toISOString(),
      })),
    ),
  );

  await progress.stage("reposts.json");
  async function* reposts() {
    const ours = byKeyset((db, key) => repostsPage(db, userId, key, PAGE), db);
    yield* mapPages(counted(ours, progress), (repost) => ({
      postId: repost.postId,
      author: repost.author,
      repostedAt: repost.createdAt.toISOString(),
    }));
    // Posts from elsewhere, named by their address on their server (docs/feed.md "Reposts and
    // quotes").
    const elsewhere = byKeyset((db, key) => remoteRepostsPage(db, userId, key, PAGE), db);
    yield* mapPages(counted(elsewhere, progress), (repost) => ({
      postUrl: repost.url ?? repost.uri,
      author: repost.author,
      repostedAt: repost.createdAt.toISOString(),
    }));
  }
  await zip.add("reposts.json", jsonArray(reposts()));

  for (const side of ["following", "followers"] as const) {
    const stage = `${side}.csv` as const;
    await progress.stage(stage);
    const rows = byKeyset((db, key) => followsPage(db, { userId, side }, key, PAGE), db);
    await zip.add(stage, followsCsv(mapPages(counted(rows, progress), (row) => row.address)));
  }

  await progress.stage("mail.mbox");
  await zip.add("mail.mbox", mailbox(deps, userId, progress));

  await progress.stage("media");
  await addMedia(deps, zip, profile.profile.profileImageUrl, "media/avatar.jpg");
  await addMedia(deps, zip, profile.profile.bannerUrl, "media/banner.jpg");
  const pictures = presentProfile(profile, "owner").pictures;
  for (const [i, url] of pictures.entries()) {
    await addMedia(deps, zip, url, `media/pictures/${i + 1}.jpg`);
  }
  const images = byKeyset((db, key) => postImagesPage(db, userId, key, PAGE), db);
  for await (const page of images) {
    for (const post of page) {
      for (const [n, image] of post.images.entries()) {
        await addMedia(deps, zip, image.url, postImagePath(post.id, n + 1));
        await progress.count(1);
      }
    }
  }

  await progress.stage("README.txt");
  const handle = displayHandle({
    username: profile.profile.username,
    defaultUsername: profile.profile.defaultUsername,
    emailAddress: profile.profile.emailAddress,
  });
  zip.addBuffer(
    "README.txt",
    Buffer.from(readmeText({ siteName: deps.config.siteName, handle, createdAt: now })),
  );
}
