// The product's five points (spec-2 §1) on the landing page, as they work today.
import { AtSign, BadgeCheck, Filter, Mail, MessageSquareText } from "lucide-react";
import type { ReactNode } from "react";

interface ProductPoint {
  title: string;
  text: string;
  icon: ReactNode;
}

const productPoints = (siteName: string): ProductPoint[] => [
  {
    title: "Brand your profile",
    text: "Your profile has its own URL and @username, so people find you by name. Reserve a short username of your choice by yearly subscription, from $10 a year.",
    icon: <AtSign aria-hidden="true" size={22} />,
  },
  {
    title: "DMs via the email protocol",
    text: `Every user has an address on the ${siteName} mail domain. Message people inside ${siteName} or reach any e-mail address.`,
    icon: <Mail aria-hidden="true" size={22} />,
  },
  {
    title: "Discover people by categories",
    text: "Find people by name from the search box, or filter them by location, age, interests, education, military service and more.",
    icon: <Filter aria-hidden="true" size={22} />,
  },
  {
    title: "Message posts",
    text: "Share short public posts with your followers and join the conversation in the comments.",
    icon: <MessageSquareText aria-hidden="true" size={22} />,
  },
  {
    title: "Profile badges",
    text: "A black badge shows that a live face, in front of the camera, matches its profile photo; moderators give the yellow badge to organisations and public figures, and a medal to veterans who show their papers.",
    icon: <BadgeCheck aria-hidden="true" size={22} />,
  },
];

export function ProductPointList({ siteName }: { siteName: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {productPoints(siteName).map((point) => (
        <li
          key={point.title}
          className="flex gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300">
            {point.icon}
          </span>
          <div>
            <h3 className="font-semibold">{point.title}</h3>
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{point.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
