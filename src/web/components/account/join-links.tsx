// The signed-out calls to action: Register and Login (landing and about pages).
import { clsx } from "clsx";
import { Link } from "react-router";
import { buttonClass } from "../controls/button";

export function JoinLinks({ className }: { className?: string }) {
  return (
    <div className={clsx("flex flex-wrap gap-3", className)}>
      <Link to="/signup?tab=register" className={buttonClass({ size: "lg" })}>
        Register
      </Link>
      <Link to="/signup" className={buttonClass({ size: "lg", variant: "secondary" })}>
        Login
      </Link>
    </div>
  );
}
