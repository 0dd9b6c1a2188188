// The text of the policies (spec-1 §2): Terms of Service, Privacy Policy, Messaging Policies and
// EULA, shown by the /policies route and by the Register form's 'Agree to all Policies'. They name
// the product, whose name is a setting (lib/site-config.ts).

export interface PolicySection {
  id: string;
  title: string;
  paragraphs: string[];
}

export const POLICIES_UPDATED = "1 January 2025";

/** The policies, naming the product `name`. */
export function policySections(name: string): PolicySection[] {
  return [
    {
      id: "terms",
      title: "Terms of Service",
      paragraphs: [
        `These terms govern your use of ${name}: your profile, your @username and custom profile URL, public posts, follows, search and direct messages. By creating an account you agree to them. If you do not agree, do not use the service.`,
        `You must be at least 16 years old to use ${name}. You are responsible for the information you give us, for keeping your password secret and for everything that happens under your account. Tell us promptly if you think someone else has access to it.`,
        `You keep ownership of what you post. You grant ${name} a worldwide, non-exclusive, royalty-free licence to host, store, display and distribute it only as needed to run the service, for example to show your posts to the people you allow to see them.`,
        "Reserved usernames are a yearly subscription. The price depends on the length of the name and is shown before you pay. A subscription renews each year until you cancel it; if it lapses, the name may be released and your profile falls back to its default username.",
        `Do not use ${name} to break the law, impersonate others, harass people, send spam, collect other users' data without permission, or interfere with the service or its security. We may remove content or restrict, suspend or close accounts that break these terms.`,
        `${name} is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses arising from the use of the service. We may change these terms; when the change is significant we will tell you before it takes effect.`,
      ],
    },
    {
      id: "privacy",
      title: "Privacy Policy",
      paragraphs: [
        "We collect what you give us (your e-mail address, full name, password, profile details, pictures, posts and messages) and what the service needs to run (sign-in sessions, IP addresses for security and rate limiting, and basic logs). Passwords are stored only as secure hashes.",
        "Your profile, your posts and your follower counts are public. Profile details such as location, age or other categories are shown on your profile and used by search filters only when you fill them in; leave a field empty to keep it private.",
        "Direct messages are visible to you and the people in the conversation. We do not read them except when you report a conversation, when needed to keep the service secure, or when the law requires it.",
        "We use a cookie to keep you signed in and store your theme choice in your browser. We do not sell your personal data and we do not use third-party advertising trackers.",
        "We share data only with the providers that run parts of the service for us (hosting, e-mail delivery, payments) and only as far as they need it. Payments are handled by our payment provider; we never see your full card number.",
        "You can view and correct your profile at any time and ask us to export or delete your account. When you delete your account we remove your profile, posts and messages, except what we must keep by law.",
      ],
    },
    {
      id: "messaging",
      title: "Messaging Policies",
      paragraphs: [
        `Every ${name} user gets a mail address on ${name}'s own mail domain: their username, then @, then that domain. Messages between ${name} users are delivered inside the app. Messages you send to, or receive from, external e-mail addresses are relayed through our mail servers, so the other side sees your ${name} address, never your private e-mail address.`,
        "Send messages only to people who want to hear from you. Spam, bulk or automated messages, phishing, scams, threats, harassment, hate speech, sexual content involving minors and the sharing of other people's private information are forbidden.",
        "A message body is limited to 250 characters and a subject to 120. We may limit how many messages an account sends in a period of time to protect other users from abuse.",
        "You can report any message or user and block anyone: a blocked person can no longer message you or see your activity. Reports are reviewed, and the reported content may be kept as long as the review needs it.",
        "Violations of these messaging policies can lead to restrictions, such as limits on messaging, or to a temporary suspension or permanent ban of the account. Serious or repeated violations may be reported to the authorities.",
      ],
    },
    {
      id: "eula",
      title: "EULA",
      paragraphs: [
        `This End User Licence Agreement covers the ${name} web app. We grant you a personal, revocable, non-exclusive, non-transferable licence to use the app in a web browser for its intended purpose, subject to the Terms of Service.`,
        "You may not copy, modify, reverse engineer, resell or redistribute the app, or use automated means to access it beyond what the service allows, except where the law gives you that right regardless of this agreement.",
        "The app may change over time: features can be added, changed or removed, and updates apply automatically when you load the app.",
        "This licence ends when your account is closed or when you break these terms. The sections on ownership, liability and the limits above survive its end.",
      ],
    },
  ];
}
