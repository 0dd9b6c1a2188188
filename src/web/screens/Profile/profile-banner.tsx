// The wide image across the top of the profile card (docs/profiles-and-media.md "Banner"), 3:1 at
// every width, edge to edge of the card. Decorative: the profile says the same without it.
export function ProfileBanner({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      className="-mx-5 -mt-5 mb-5 block aspect-[3/1] w-[calc(100%+2.5rem)] max-w-none rounded-t-3xl bg-neutral-200 object-cover sm:-mx-8 sm:-mt-8 sm:mb-6 sm:w-[calc(100%+4rem)] dark:bg-neutral-800"
    />
  );
}
