// Posts with their authors and the reader's like and repost, for every list and page of posts.
// Recently read posts are kept in memory with their author and, while they have at most
// LIKERS_KEPT likes (reposts), who liked (reposted) them, so an active reader's feed costs no
// database query for either. What is missing is loaded once
// however many readers ask at the same moment (a new post on thousands of pages). Events change
// entries in place on every instance (counts, likes, edits) or drop them (deletions, profile
// changes); entries also expire after about a minute.
import type { QuoteCardView, QuotedPostView } from "../../../domain/contracts/posts";
import { cacheBudgets } from "../../infra/cache-budget";
import { KeyedCache } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import { PRESENTED_VIEW_BYTES, quoteCardOf } from "./present";
import { type HydratedPost, LIKERS_KEPT, type LoadedPost } from "./queries";
import { RepostViews, type RepostViewsOptions, type VisibleRepost } from "./repost-views";

export interface PostHydratorOptions {
  /** The live posts among `ids` with their authors and few likers (one query). */
  load: (ids: string[]) => Promise<LoadedPost[]>;
  /** Which of these posts the viewer liked (one query). */
  likedAmong: (viewerId: string, ids: string[]) => Promise<string[]>;
  /** Which of these posts the viewer reposted (one query, asked only of posts with more reposts
   * than LIKERS_KEPT: docs/feed.md "Reposts and quotes"). */
  repostedAmong: (viewerId: string, ids: string[]) => Promise<string[]>;
  /** Those of the quoted posts' authors whose posts the viewer may see and has not muted (one
   * query, asked only of pages with quotes: docs/feed.md "Reposts and quotes"). */
  quotedAuthorsSeen: (viewerId: string | null, authorIds: string[]) => Promise<string[]>;
  /** The cards of the posts from elsewhere (by id) that quotes quote, those the viewer may be
   * shown (one query, asked only of pages with such quotes: ports/federation.ts). */
  quotedNoteCards: (
    viewerId: string | null,
    noteIds: string[],
  ) => Promise<ReadonlyMap<string, QuotedPostView>>;
  /** Those of the repost ids the viewer may be shown (one query: repost-views.ts). */
  visibleReposts: RepostViewsOptions["load"];
  ttlMs?: number;
  /** What the posts, the single likes and the reposts shown may hold (infra/cache-budget.ts). */
  maxBytes?: { posts: number; likes: number; reposts: number };
  now?: () => number;
}

const UNAVAILABLE: QuoteCardView = { unavailable: true, detached: false };
const DETACHED: QuoteCardView = { unavailable: true, detached: true };
const NO_CARDS: ReadonlyMap<string, QuoteCardView> = new Map();

const likeKey = (userId: string, postId: string) => `${userId}:${postId}`;

function withLike(entry: LoadedPost, userId: string, liked: boolean, likesCount: number) {
  const others = entry.likers?.filter((id) => id !== userId);
  const likers =
    others && likesCount <= LIKERS_KEPT ? (liked ? [...others, userId] : others) : null;
  return { ...entry, post: { ...entry.post, likesCount }, likers };
}

function withRepost(
  entry: LoadedPost,
  { userId, reposted, repostsCount }: { userId: string; reposted: boolean; repostsCount: number },
) {
  const others = entry.reposters?.filter((id) => id !== userId);
  const reposters =
    others && repostsCount <= LIKERS_KEPT ? (reposted ? [...others, userId] : others) : null;
  return { ...entry, post: { ...entry.post, repostsCount }, reposters };
}

declare module "../../context" {
  interface AppContext {
    /** Posts with authors and likes, from memory when it can (docs/feed.md). */
    hydrator: PostHydrator;
  }
}

export class PostHydrator {
  private readonly posts: KeyedCache<string, LoadedPost>;
  /** The like of a reader on a post with too many likers to keep. */
  private readonly likes: KeyedCache<string, boolean>;
  /** Loads in progress, by post id: later askers wait for them instead of loading again. */
  private readonly loading = new Map<string, Promise<LoadedPost | undefined>>();
  /** The reposts each reader was shown. */
  private readonly repostViews: RepostViews;
  /** Counts the profile changes: a load that ran across one may hold an author's old name or
   * picture for any of its posts, so what it read is shown but not kept. */
  private profileChanges = 0;

  constructor(private readonly options: PostHydratorOptions) {
    const ttlMs = options.ttlMs ?? 60_000;
    const budgets = cacheBudgets();
    const maxBytes = options.maxBytes ?? {
      posts: budgets.posts,
      likes: budgets.postLikes,
      reposts: budgets.repostViews,
    };
    this.posts = new KeyedCache({
      ttlMs,
      maxBytes: maxBytes.posts,
      derivedBytes: PRESENTED_VIEW_BYTES,
      now: options.now,
    });
    this.likes = new KeyedCache({ ttlMs, maxBytes: maxBytes.likes, now: options.now });
    this.repostViews = new RepostViews({
      load: options.visibleReposts,
      maxBytes: maxBytes.reposts,
      now: options.now,
    });
  }

  /** Approximate bytes held by the posts, the single likes and the reposts shown
   * (infra/approximate-size.ts). */
  bytes(): { posts: number; likes: number; reposts: number } {
    return { posts: this.posts.bytes, likes: this.likes.bytes, reposts: this.repostViews.bytes };
  }

  /** Those of the repost ids the viewer may be shown, from memory for what they were shown
   * before (repost-views.ts). */
  visibleReposts(viewerId: string | null, ids: string[]): Promise<VisibleRepost[]> {
    return this.repostViews.visible(viewerId, ids);
  }

  /** The live posts among `ids`, in no particular order (callers order them). */
  async hydrate(ids: string[], viewerId: string | null): Promise<HydratedPost[]> {
    const entries = await this.entries(ids);
    const unknown = viewerId
      ? entries.filter(
          (e) => !e.likers && this.likes.get(likeKey(viewerId, e.post.id)) === undefined,
        )
      : [];
    const liked = new Set<string>();
    if (viewerId && unknown.length > 0) {
      const asked = unknown.map((e) => e.post.id);
      const fill = this.likes.begin();
      try {
        for (const id of await this.options.likedAmong(viewerId, asked)) liked.add(id);
        for (const id of asked) fill.set(likeKey(viewerId, id), liked.has(id));
      } finally {
        fill.end();
      }
    }
    const withReposts = viewerId ? entries.filter((e) => !e.reposters) : [];
    const reposted = new Set(
      viewerId && withReposts.length > 0
        ? await this.options.repostedAmong(
            viewerId,
            withReposts.map((e) => e.post.id),
          )
        : [],
    );
    // Only a page that holds a quote asks anything more (docs/performance.md "Feed").
    const quoting = entries.filter((e) => e.post.quoteOf || e.post.quoteNoteId);
    const quotes =
      quoting.length > 0
        ? await this.quoteCards(
            quoting.map((e) => e.post),
            viewerId,
          )
        : NO_CARDS;
    return entries.map(({ likers, reposters, ...entry }) => ({
      ...entry,
      quote: quotes.get(entry.post.id),
      repostedByMe: viewerId
        ? reposters
          ? reposters.includes(viewerId)
          : reposted.has(entry.post.id)
        : false,
      likedByMe: viewerId
        ? likers
          ? likers.includes(viewerId)
          : liked.has(entry.post.id) || this.likes.get(likeKey(viewerId, entry.post.id)) === true
        : false,
    }));
  }

  /**
   * The cards of the quotes among these posts, by quote id, as the viewer is shown them: the
   * quoted posts come from the same cache, and whom the viewer may see is one query for the page,
   * asked only when it holds a quote of someone else's post. A detached, deleted or hidden quoted
   * post is only "unavailable" (docs/feed.md "Reposts and quotes"). A quoted post from elsewhere
   * is read through the federation port, one more query for the page.
   */
  async quoteCards(
    quotes: {
      id: string;
      quoteOf: string | null;
      quoteNoteId?: string | null;
      quoteDetached: boolean;
    }[],
    viewerId: string | null,
  ): Promise<Map<string, QuoteCardView>> {
    const cards = new Map<string, QuoteCardView>();
    const elsewhere = quotes.filter((q) => q.quoteNoteId);
    if (elsewhere.length > 0) {
      const noteIds = [...new Set(elsewhere.map((q) => q.quoteNoteId as string))];
      const notes = await this.options.quotedNoteCards(viewerId, noteIds);
      for (const q of elsewhere) cards.set(q.id, notes.get(q.quoteNoteId as string) ?? UNAVAILABLE);
    }
    const attached = quotes.filter((q) => q.quoteOf && !q.quoteDetached);
    for (const q of quotes) {
      if (q.quoteOf && q.quoteDetached) cards.set(q.id, DETACHED);
    }
    if (attached.length === 0) return cards;
    const quoted = new Map(
      (await this.entries([...new Set(attached.map((q) => q.quoteOf as string))])).map((e) => [
        e.post.id,
        e,
      ]),
    );
    const others = [...new Set([...quoted.values()].map((e) => e.post.userId))].filter(
      (id) => id !== viewerId,
    );
    const seen = new Set(
      others.length > 0 ? await this.options.quotedAuthorsSeen(viewerId, others) : [],
    );
    for (const q of attached) {
      const entry = quoted.get(q.quoteOf as string);
      const visible = entry && (entry.post.userId === viewerId || seen.has(entry.post.userId));
      cards.set(q.id, entry && visible ? quoteCardOf(entry) : UNAVAILABLE);
    }
    return cards;
  }

  /** Forgets every post and like, and the loads in progress (events may have been lost:
   * realtime/bus.ts "reset"). */
  clear(): void {
    this.posts.clear();
    this.likes.clear();
    this.loading.clear();
    this.repostViews.clear();
  }

  apply(event: DomainEvent): void {
    this.repostViews.apply(event);
    switch (event.type) {
      case "post.liked": {
        const { postId, userId, liked, likesCount } = event;
        this.posts.update(postId, (entry) => withLike(entry, userId, liked, likesCount));
        this.likes.put(likeKey(userId, postId), liked);
        return;
      }
      case "post.reposted":
        this.posts.update(event.postId, (entry) => withRepost(entry, event));
        return;
      case "post.quoted":
        this.posts.update(event.postId, (entry) => ({
          ...entry,
          post: { ...entry.post, quotesCount: event.quotesCount },
        }));
        if (event.detached) {
          this.posts.update(event.quoteId, (entry) => ({
            ...entry,
            post: { ...entry.post, quoteDetached: true },
          }));
        }
        return;
      case "post.counted":
        this.posts.update(event.postId, (entry) => ({
          ...entry,
          post: {
            ...entry.post,
            commentsCount: event.commentsCount ?? entry.post.commentsCount,
            viewsCount: event.viewsCount ?? entry.post.viewsCount,
          },
        }));
        return;
      case "post.updated":
        this.posts.update(event.postId, (entry) => ({
          ...entry,
          post: {
            ...entry.post,
            content: event.content,
            contentWarning: event.contentWarning,
            imageSensitive: event.imageSensitive,
            updatedAt: new Date(event.updatedAt),
          },
        }));
        return;
      case "post.replies":
        this.posts.update(event.postId, (entry) => ({
          ...entry,
          post: { ...entry.post, replyPolicy: event.replyPolicy },
        }));
        return;
      case "post.deleted":
        this.posts.invalidate(event.postId);
        return;
      case "profile.changed":
        this.profileChanges += 1;
        this.posts.invalidateWhere((entry) => entry.author.userId === event.userId);
        return;
      case "account.deleted":
        // Rare, and any held post may have lost their like or comment: all are read afresh, and
        // loads running now keep nothing.
        this.posts.clear();
        return;
      default:
        return;
    }
  }

  /** Held posts, plus the missing ones loaded in one query (or awaited when already loading). */
  private async entries(ids: string[]): Promise<LoadedPost[]> {
    const found: LoadedPost[] = [];
    const waits: Promise<LoadedPost | undefined>[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const held = this.posts.get(id);
      const running = held ? undefined : this.loading.get(id);
      if (held) found.push(held);
      else if (running) waits.push(running);
      else missing.push(id);
    }
    if (missing.length > 0) waits.push(...this.load(missing));
    for (const entry of await Promise.all(waits)) if (entry) found.push(entry);
    return found;
  }

  private load(ids: string[]): Promise<LoadedPost | undefined>[] {
    const fill = this.posts.begin();
    const changes = this.profileChanges;
    const rows = this.options
      .load(ids)
      .then((loaded) => {
        if (changes === this.profileChanges) for (const row of loaded) fill.set(row.post.id, row);
        return new Map(loaded.map((row) => [row.post.id, row]));
      })
      .finally(() => {
        fill.end();
        for (const id of ids) this.loading.delete(id);
      });
    return ids.map((id) => {
      const one = rows.then((loaded) => loaded.get(id));
      // Every asker awaits it; this only keeps a failure nobody waits for from going unhandled.
      one.catch(() => undefined);
      this.loading.set(id, one);
      return one;
    });
  }
}
