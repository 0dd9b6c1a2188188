// Home for signed-out visitors (spec-1 §2, spec-2 §1): what the product is, and the ways in.
import { SITE_TAGLINE } from "../../../domain/page-titles";
import { JoinLinks } from "../../components/account/join-links";
import { SiteFooter } from "../../components/layout/site-footer";
import { useSite } from "../../lib/site-config";
import { ProductPointList } from "./product-points";

export function Landing() {
  const { siteName } = useSite();
  return (
    <>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-16">
        <section className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{siteName}</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-neutral-700 sm:text-xl dark:text-neutral-300">
            {SITE_TAGLINE}
          </p>
          <JoinLinks className="mt-8 justify-center" />
        </section>
        <section aria-labelledby="landing-features" className="mt-12 sm:mt-16">
          <h2 id="landing-features" className="sr-only">
            What you can do on {siteName}
          </h2>
          <ProductPointList siteName={siteName} />
        </section>
      </div>
      <SiteFooter />
    </>
  );
}
