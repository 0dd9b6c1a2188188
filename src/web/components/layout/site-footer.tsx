// Footer with the copyright line (spec-1 §9: 2015 to the current year).
import { Link } from "react-router";
import { useSite } from "../../lib/site-config";

export function SiteFooter() {
  const { siteName } = useSite();
  return (
    <footer className="border-t border-neutral-200 px-4 py-6 text-center text-sm text-neutral-500 dark:border-neutral-800 dark:text-neutral-400">
      <nav aria-label="Footer" className="mb-2 flex justify-center gap-4">
        <Link to="/about" className="rounded hover:underline">
          About
        </Link>
        <Link to="/policies" className="rounded hover:underline">
          Policies
        </Link>
        <Link to="/transparency" className="rounded hover:underline">
          Transparency
        </Link>
      </nav>
      <p>
        © 2015–{new Date().getFullYear()} {siteName}
      </p>
    </footer>
  );
}
