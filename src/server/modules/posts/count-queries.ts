// How many live posts and comments are here, for NodeInfo (docs/federation.md "NodeInfo").
import { and, count, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postComments, posts } from "../../db/schema/posts";

export async function countLivePosts(db: Db): Promise<{ posts: number; comments: number }> {
  const [p] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(isNull(posts.deletedAt), isNull(posts.removedAt)));
  const [c] = await db
    .select({ n: count() })
    .from(postComments)
    .where(and(isNull(postComments.deletedAt), isNull(postComments.removedAt)));
  return { posts: p?.n ?? 0, comments: c?.n ?? 0 };
}
