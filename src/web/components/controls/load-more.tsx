// The button under every paged list (spec-1 §2 'Load More', 'Loading…' while busy): shown while
// the list has a next page, busy while it loads.
import { clsx } from "clsx";
import { Button } from "./button";

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  list,
  label = "Load more",
  className,
}: {
  list: PagedList;
  label?: string;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={clsx("flex justify-center", className)}>
      <Button
        variant="secondary"
        busy={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? "Loading…" : label}
      </Button>
    </div>
  );
}
