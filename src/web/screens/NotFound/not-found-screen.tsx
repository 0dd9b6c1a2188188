// Any unknown address (spec-1 §2).
import { Link } from "react-router";
import { buttonClass } from "../../components/controls/button";
import { useStaticPageMeta } from "../../lib/document-head";

export function NotFoundScreen() {
  useStaticPageMeta("not-found");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl font-extrabold text-neutral-500 dark:text-neutral-400">404</p>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-neutral-600 dark:text-neutral-400">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClass()}>
        Return to Home
      </Link>
    </div>
  );
}
