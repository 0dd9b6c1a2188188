// fed_quote_approvals (docs/federation.md "Quotes"): our answers to FEP-044f quote requests.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fedQuoteApprovals } from "../../db/schema/federation";

/** The approval of `quoteUri` quoting `postId`, made once however often it is asked; its id. */
export async function approveQuote(
  db: Db,
  values: { postId: string; actorId: string; quoteUri: string },
): Promise<string> {
  const [made] = await db
    .insert(fedQuoteApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: fedQuoteApprovals.id });
  if (made) return made.id;
  const [kept] = await db
    .select({ id: fedQuoteApprovals.id })
    .from(fedQuoteApprovals)
    .where(
      and(
        eq(fedQuoteApprovals.postId, values.postId),
        eq(fedQuoteApprovals.quoteUri, values.quoteUri),
      ),
    );
  if (!kept) throw new Error("a quote approval vanished");
  return kept.id;
}

export async function quoteApprovalById(db: Db, id: string) {
  const [row] = await db.select().from(fedQuoteApprovals).where(eq(fedQuoteApprovals.id, id));
  return row;
}

/** Withdraws the approval of `quoteUri` quoting `postId`; its id, or null when there was none. */
export async function withdrawApproval(
  db: Db,
  { postId, quoteUri }: { postId: string; quoteUri: string },
): Promise<string | null> {
  const [row] = await db
    .delete(fedQuoteApprovals)
    .where(and(eq(fedQuoteApprovals.postId, postId), eq(fedQuoteApprovals.quoteUri, quoteUri)))
    .returning({ id: fedQuoteApprovals.id });
  return row?.id ?? null;
}
