// /about (spec-2 §1): what the product is, section by section, as it works today; how each badge
// is earned as docs/profiles-and-media.md "Badges" describes it. The life of a reserved username
// is told here as docs/usernames.md "The life of a name" describes it, and who sees each detail as
// docs/profiles-and-media.md "Who sees what" does, and private accounts as
// docs/social-and-realtime.md "Private accounts" does, and what distance in search tells of where
// one lives as docs/search.md "Distance" does, and the transparency report as docs/safety.md
// "Transparency report" does.
import { Link } from "react-router";
import { SITE_TAGLINE } from "../../../domain/page-titles";
import { JoinLinks } from "../../components/account/join-links";
import { SiteFooter } from "../../components/layout/site-footer";
import { useStaticPageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useSessionUser } from "../../state/queries/session";

interface AboutSection {
  title: string;
  text: string;
  /** A second paragraph. */
  more?: string;
  /** A page of the app that tells more. */
  link?: { to: string; label: string };
}

const sections = (siteName: string): AboutSection[] => [
  {
    title: "Brand your profile with a custom URL and @username",
    text: `Your profile lives at a short ${siteName} address built from your @username, easy to share anywhere. When you register, your username is taken from your e-mail address; you can reserve a short one of your choice (1–15 characters) by yearly subscription: $30 a year for 1–5 characters, $20 for 6–10, $10 for 11–15. It becomes your profile address and your mail address at once, and your old address keeps leading to you.`,
    more: "Your subscription renews each year until you cancel renewal on Edit Profile. If it lapses, the name stays yours for 30 more days while you renew; after that your profile returns to its first address, links to the name still lead to you for 90 days, and for 90 more days only you can reserve it again.",
  },
  {
    title: "DMs via the email protocol",
    text: `Every member gets a mail address on the ${siteName} mail domain made from their username. Messages between members arrive in the Mail screen as conversations, and you can write to any e-mail address too: mail goes out from your ${siteName} address and replies come back to the same conversation, so your personal address stays private.`,
  },
  {
    title: "One address for mail and the fediverse",
    text: `Your ${siteName} address is also your fediverse handle: people on Mastodon, Misskey and other ActivityPub servers can find it, follow you and read your public posts, and you can find them from the search box by their handle (@someone@server.example), follow them, see their public posts in your home feed, like, repost and reply.`,
    more: "A private account approves each follower from elsewhere too. Only the details of your profile shown to Everyone ever leave the server, and only when you allow it.",
  },
  {
    title: "Filter users by categories",
    text: "The search box at the top of every page finds people by name or username. The Search page filters people by location (and distance from a city), age, gender, relationship status, body type, height, zodiac sign, background, military branch and base, university, occupation and more.",
  },
  {
    title: "Who sees what",
    text: "Each detail of your profile has its own audience: Everyone, Friends (people who follow each other) or Only me. Race, sexuality, religion, salary and net worth start as Only me, and are shown or searchable only after you choose to share them.",
    more: "On the Search page, a filter finds you by a detail only when the person searching is allowed to see it. Turn off ‘Show me in demographic search’ on Edit Profile and people find you by your name or username only. Make your account private in Settings and people must ask to follow you: only the followers you approve see your posts, and you choose who may open your followers and following lists.",
  },
  {
    title: "Where you live, in search",
    text: "The Search page finds people near a city, but never says how far away anyone is in miles: only under 10, 10–25, 25–50, 50–100 or 100+ miles, from a few fixed distances, and people at the same distance are listed by name, not by who is nearer. While fewer than 50 people in a town can be found this way, their distance is measured from the middle of their county (or of their state, if the county is small too), so searching from many places tells others your county at most, never your town. Show your city to Friends or Only me and nobody else finds you by distance at all.",
  },
  {
    title: "Message posts",
    text: "Share short public posts with text and up to four pictures, each with a description for people who cannot see it, a content warning when you want one, and #hashtags that lead to every public post with the tag. The people who follow you see them in their home feed, and everyone signed in can like them, reply in threaded comments, repost them to their own followers or quote them with words of their own.",
    more: "You can mute anyone, block anyone (you disappear from each other's feeds, comments, search and mail, and they are not told) and report posts, comments, messages and profiles. Moderators review every report and can remove content, restrict an account to read-only, or suspend it; you see every action taken on you in Settings and may appeal each once, and a suspended account appeals through the link in the e-mail that told them.",
  },
  {
    title: "Moderation in the open",
    text: `Every year's transparency report shows how many reports came in and why, how long the moderators took to act on them, what they did, how appeals were decided and how many accounts were suspended, counted from what ${siteName} records, with the moderators' own statement. The same figures are there as data.`,
    link: { to: "/transparency", label: "Read the transparency report" },
  },
  {
    title: "Your account",
    text: "Settings lists every browser where you are signed in, with when each was last active; sign any of them out, or all but the one you are using. You can change your password there too, and every other session is signed out when you do, and change the e-mail you log in with, confirmed by a code sent to the new address. Choose there how you hear of each kind of news (followers, likes, comments, mentions, messages and more): in the app, by a notification on your phone or computer even with no tab open, or by e-mail, where most come together in one e-mail a day at most, each with a link that unsubscribes you in one click; and set quiet hours, when notifications and e-mails wait until morning. And you can delete your account there, with a code sent to your e-mail: your profile, posts, comments, likes and follows go, messages you sent show as deleted, and your handle is held for 90 days. 'Download my data' prepares a zip of your profile, posts, comments, likes, follows, mail and photos, and e-mails you a link that works for 7 days.",
    more: "Turn on two-factor authentication in Settings and logging in asks for a code from an authenticator app after your password; ten backup codes, each good once, let you in if you lose your phone. Add a passkey there and sign in with your fingerprint, face or screen lock instead of a password.",
  },
  {
    title: "Profile badges",
    text: "Badges show who is who on profiles, posts and search results: a black badge is earned by showing your live face to the camera, following three short prompts, and matching your profile photo (Face Verification, on Edit Profile).",
    more: "Organisations, businesses, public figures and creators can ask for the yellow badge on Edit Profile, with links to their official pages and, if they like, an official e-mail confirmed by a code; a moderator checks and approves it. Veterans can ask for the military medal the same way with a photo or PDF of a discharge document or veteran ID: only moderators see it, and it is deleted 30 days after their decision.",
  },
];

export function AboutScreen() {
  useStaticPageMeta("about");
  const { user } = useSessionUser();
  const { siteName } = useSite();
  return (
    <>
      <article className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <header className="space-y-3">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">About {siteName}</h1>
          <p className="text-lg text-neutral-700 dark:text-neutral-300">
            {siteName} is a subscription messaging and identity platform. {SITE_TAGLINE}
          </p>
        </header>
        <div className="mt-10 space-y-8">
          {sections(siteName).map((section) => (
            <section key={section.title} className="space-y-2">
              <h2 className="text-xl font-bold">{section.title}</h2>
              <p className="leading-7 text-neutral-700 dark:text-neutral-300">{section.text}</p>
              {section.more ? (
                <p className="leading-7 text-neutral-700 dark:text-neutral-300">{section.more}</p>
              ) : null}
              {section.link ? (
                <Link
                  to={section.link.to}
                  className="inline-block font-medium text-sky-700 underline dark:text-sky-400"
                >
                  {section.link.label}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
        {user ? null : <JoinLinks className="mt-12" />}
      </article>
      <SiteFooter />
    </>
  );
}
