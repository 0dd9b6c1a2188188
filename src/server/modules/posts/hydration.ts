// Posts with their authors and the reader's like, for every list and page of posts. Recently read
// posts, authors and likes are kept in memory, so an active reader's feed costs no database
// query; a page with anything missing loads just the missing posts in one query. Events drop
// what they change on every instance: an edit, a deletion or new counts drop the post, a like
// also the liker's flag, a profile change its author. Entries also expire after a minute.
import { KeyedCache } from "../../infra/keyed-cache";
import type { DomainEvent } from "../../realtime/events";
import type { HydratedPost } from "./queries";

type PostRow = HydratedPost["post"];
type AuthorRow = HydratedPost["author"];

export interface PostHydratorOptions {
  /** The live posts among `ids` with their authors and the viewer's like (one query). */
  load: (ids: string[], viewerId: string | null) => Promise<HydratedPost[]>;
  ttlMs?: number;
  maxPosts?: number;
  now?: () => number;
}

const likeKey = (userId: string, postId: string) => `${userId}:${postId}`;

export class PostHydrator {
  private readonly posts: KeyedCache<string, PostRow>;
  private readonly authors: KeyedCache<string, AuthorRow>;
  private readonly likes: KeyedCache<string, boolean>;

  constructor(private readonly options: PostHydratorOptions) {
    const ttlMs = options.ttlMs ?? 60_000;
    const maxPosts = options.maxPosts ?? 20_000;
    const now = options.now;
    this.posts = new KeyedCache({ ttlMs, maxEntries: maxPosts, now });
    this.authors = new KeyedCache({ ttlMs, maxEntries: maxPosts, now });
    this.likes = new KeyedCache({ ttlMs, maxEntries: maxPosts * 10, now });
  }

  /** The live posts among `ids`, in no particular order (callers order them). */
  async hydrate(ids: string[], viewerId: string | null): Promise<HydratedPost[]> {
    const found: HydratedPost[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const post = this.posts.get(id);
      const author = post && this.authors.get(post.userId);
      const likedByMe = viewerId ? this.likes.get(likeKey(viewerId, id)) : false;
      if (post && author && likedByMe !== undefined) found.push({ post, author, likedByMe });
      else missing.push(id);
    }
    if (missing.length === 0) return found;

    const posts = this.posts.begin();
    const authors = this.authors.begin();
    const likes = this.likes.begin();
    try {
      const rows = await this.options.load(missing, viewerId);
      for (const row of rows) {
        posts.set(row.post.id, row.post);
        authors.set(row.author.userId, row.author);
        if (viewerId) likes.set(likeKey(viewerId, row.post.id), row.likedByMe);
      }
      return [...found, ...rows];
    } finally {
      posts.end();
      authors.end();
      likes.end();
    }
  }

  apply(event: DomainEvent): void {
    switch (event.type) {
      case "post.updated":
      case "post.deleted":
      case "post.counted":
        this.posts.invalidate(event.postId);
        return;
      case "post.liked":
        this.posts.invalidate(event.postId);
        this.likes.invalidate(likeKey(event.userId, event.postId));
        return;
      case "profile.changed":
        this.authors.invalidate(event.userId);
        return;
      default:
        return;
    }
  }
}
