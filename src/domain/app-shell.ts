// The installed app's shell (docs/notifications.md "Installable app"): the app's page with the
// public site settings and nothing of anyone signed in, answered by the server at this address and
// precached by the service worker, which opens the app with it when a page cannot be reached.
// Its first segment is a reserved handle (handles.ts), so it names no one's profile.
export const APP_SHELL_PATH = "/app-shell";
