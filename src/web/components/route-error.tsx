// Route-level error boundary: a friendly page instead of the framework's
// 'Unexpected Application Error' (spec-1 §8).
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "../screens/NotFound/not-found-screen";
import { Button, buttonClass } from "./button";

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-neutral-600 dark:text-neutral-400">
        An unexpected error stopped this page. Reloading usually fixes it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        {/* A full page load: the router itself may be what failed. */}
        <a href="/" className={buttonClass({ variant: "secondary" })}>
          Go Home
        </a>
      </div>
    </div>
  );
}
