// Home for signed-out visitors (spec-1 §2, spec-2 §1): what chtcht is, and the ways in.
import { JoinLinks } from "../../components/join-links";
import { SiteFooter } from "../../components/site-footer";
import { ProductPointList } from "./product-points";

export function Landing() {
  return (
    <>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-16">
        <section className="text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">chtcht</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-neutral-700 sm:text-xl dark:text-neutral-300">
            Brand your username, discover people with categories, connect with public and private
            messaging.
          </p>
          <JoinLinks className="mt-8 justify-center" />
        </section>
        <section aria-labelledby="landing-features" className="mt-12 sm:mt-16">
          <h2 id="landing-features" className="sr-only">
            What you can do on chtcht
          </h2>
          <ProductPointList />
        </section>
      </div>
      <SiteFooter />
    </>
  );
}
