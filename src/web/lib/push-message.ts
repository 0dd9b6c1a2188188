// What a push carries and how it is shown (docs/notifications.md "Push"): the server sends JSON
// with a title, a short body, the page to open and a topic (a later push with the same topic
// replaces the earlier notification). Anything else is shown as nothing, and a page elsewhere is
// never opened.

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;

/** The page `url` names on this site (`origin`), or the home page. */
export function sameSiteUrl(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === "string" ? url : "/", origin);
    return target.origin === origin ? target.href : new URL("/", origin).href;
  } catch {
    return new URL("/", origin).href;
  }
}

/** The notification a push's text asks for, or null when it is not one of ours. */
export function notificationOf(raw: string, origin: string): PushNotification | null {
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    payload = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const title = text(payload.title, 120);
  if (!title) return null;
  const body = text(payload.body, 240);
  const tag = text(payload.topic, 64);
  return {
    title,
    options: {
      ...(body ? { body } : {}),
      ...(tag ? { tag } : {}),
      icon: "/icons/icon-192.png",
      badge: "/icons/maskable-192.png",
      data: { url: sameSiteUrl(payload.url, origin) },
    },
  };
}

/** The page a clicked notification opens. */
export const openTarget = (data: unknown, origin: string) =>
  sameSiteUrl((data as { url?: unknown } | null)?.url, origin);
