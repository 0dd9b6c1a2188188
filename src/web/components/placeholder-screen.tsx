// An honest stand-in for a screen that is not built yet: its name and a plain statement.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSite } from "../lib/site-config";
import { buttonClass } from "./button";
import { Page } from "./page";

export function PlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  const { siteName } = useSite();
  return (
    <Page>
      <section className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <p className="mt-3 text-neutral-600 dark:text-neutral-400">
          This part of {siteName} is being built.
        </p>
        <Link to="/" className={buttonClass({ variant: "secondary" }, "mt-6")}>
          Go Home
        </Link>
      </section>
    </Page>
  );
}
