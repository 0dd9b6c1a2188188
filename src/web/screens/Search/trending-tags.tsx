// Trending tags on the search page (docs/search.md "Trending tags"): the tags used by the most
// people in the last day, each with how many, linking its page. Nothing shows while it loads or
// when nothing trends, and a failure leaves the page as it was: the list is a side note.
import { Link } from "react-router";
import { useTrendingTagsQuery } from "../../state/queries/tags";

export function TrendingTags() {
  const trending = useTrendingTagsQuery();
  const items = trending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="trending-tags-title"
      className="mb-6 rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="trending-tags-title" className="mb-2 text-base font-semibold">
        Trending today
      </h2>
      <ol className="flex flex-col gap-1">
        {items.map((tag) => (
          <li key={tag.name}>
            <Link
              to={`/tags/${encodeURIComponent(tag.name)}`}
              className="flex items-baseline justify-between gap-3 rounded-lg px-2 py-1.5 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:bg-neutral-800"
            >
              <span className="truncate font-medium text-primary">#{tag.display}</span>
              <span className="shrink-0 text-sm text-neutral-600 dark:text-neutral-400">
                {tag.count.toLocaleString("en-US")} {tag.count === 1 ? "person" : "people"}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
