// A profile the viewer blocks (docs/safety.md "Block"): its posts give way to 'You blocked @x'
// with Unblock. Shown as soon as the relation is known; until then the content shows as usual.
import { Ban } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { errorMessage } from "../../lib/api";
import { useBlockMutation, useRelationQuery } from "../../state/queries/safety";

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
  const block = useBlockMutation();
  if (!relation.data?.blocking) return children;
  const onUnblock = () =>
    block.mutate(
      { userId, on: false },
      {
        onSuccess: () => toast.success(`Unblocked @${handle}`),
        onError: (error) =>
          toast.error(errorMessage(error, `Could not unblock @${handle}. Please try again.`)),
      },
    );
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
      <Button variant="secondary" busy={block.isPending} onClick={onUnblock}>
        Unblock
      </Button>
    </section>
  );
}
