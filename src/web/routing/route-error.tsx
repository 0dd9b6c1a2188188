// Error boundary of the routes: a friendly page instead of a blank one (spec-1 §8). It clears
// itself when the address changes, so the menu and the back button lead out of a broken screen.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button, buttonClass } from "../components/controls/button";

function RouteErrorPage() {
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

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The address the boundary last rendered at. */
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
