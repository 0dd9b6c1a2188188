// A profile the viewer blocks (docs/safety.md "Block"): its posts give way to 'You blocked @x'
// with Unblock. Shown as soon as the relation is known; until then the content shows as usual.
import { Ban } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/controls/button";
import { useUnblock } from "../../components/safety/safety-actions";
import { useRelationQuery } from "../../state/queries/safety";

export function HiddenWhenBlocked({
  userId,
  handle,
  children,
}: {
  userId: string;
  handle: string;
  children: ReactNode;
}) {
  const relation = useRelationQuery(userId);
  const { unblock, pending } = useUnblock(userId, handle);
  if (!relation.data?.blocking) return children;
  return (
    <section
      aria-labelledby="blocked-heading"
      className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-5 py-10 text-center dark:border-neutral-700"
    >
      <Ban aria-hidden="true" size={28} className="text-neutral-500 dark:text-neutral-400" />
      <h2 id="blocked-heading" className="text-lg font-bold break-all">
        You blocked @{handle}
      </h2>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
        Their posts are hidden, and they cannot follow you, message you or find you in search.
      </p>
      <Button variant="secondary" busy={pending} onClick={unblock}>
        Unblock
      </Button>
    </section>
  );
}
