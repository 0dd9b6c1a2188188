// Test data for Settings' account sections (docs/accounts.md): sessions shaped as the API sends
// them, and the account API of one viewer for the fetch stub of posts.tsx, holding its sessions,
// password, two-factor authentication, e-mail switches, privacy settings, who can message them
// and deletion code like the server.
import {
  CURRENT_PASSWORD_WRONG,
  changePasswordBody,
  deleteAccountBody,
  type SessionView,
} from "../../domain/contracts/account";
import { type AccountPrivacy, accountPrivacyBody } from "../../domain/contracts/follow-requests";
import { type MailSettings, mailSettings } from "../../domain/contracts/mail";
import {
  DEFAULT_MATRIX,
  type NotificationSettings,
  notificationSettingsPatch,
} from "../../domain/contracts/notification-settings";
import type { PushSubscriptionView } from "../../domain/contracts/push";
import {
  type TwoFactorSetup,
  twoFactorEnableBody,
  twoFactorPasswordBody,
} from "../../domain/contracts/two-factor";
import { patched } from "../state/queries/notification-settings";
import { json, type Route } from "./posts";

export const THIS_DEVICE: SessionView = {
  id: "s-this",
  browser: "Chrome 131",
  system: "macOS 14.5",
  createdAt: "2026-03-01T12:00:00.000Z",
  lastSeenAt: new Date().toISOString(),
  current: true,
};

let serial = 0;
export function makeSession(overrides: Partial<SessionView> = {}): SessionView {
  serial += 1;
  return {
    id: `s${serial}`,
    browser: "Firefox 128",
    system: "Windows 10",
    createdAt: "2026-03-10T12:00:00.000Z",
    lastSeenAt: new Date(Date.now() - serial * 3_600_000).toISOString(),
    current: false,
    ...overrides,
  };
}

/** The code the fake authenticator app shows; any other is wrong. */
export const RIGHT_CODE = "123456";

export const TEST_SETUP: TwoFactorSetup = {
  otpauthUri: "otpauth://totp/chtcht:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  key: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  qrSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h5v5H0z"/></svg>',
};

export const TEST_BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `AbCd${i}-eF9h${i}`);

export interface AccountState {
  sessions: SessionView[];
  password: string;
  /** The deletion code the server mailed last (null before any), and whether it was used. */
  deletionCode: string | null;
  /** When the deletion code was mailed (ms since the epoch): the resend minute runs from it. */
  deletionCodeSentAt: number | null;
  deleted: boolean;
  twoFactor: { enabled: boolean; settingUp: boolean; backupCodesLeft: number };
  notifications: NotificationSettings;
  push: { browsers: PushSubscriptionView[] };
  privacy: AccountPrivacy;
  /** Follow requests waiting for the owner's answer: turning private off approves them. */
  waitingRequests: number;
  /** 'Who can message me' (docs/mail.md "Who can be written to"). */
  mail: MailSettings;
}

/** The code the fake server mails for deleting the account. */
export const DELETION_CODE = "246810";

export const accountState = (
  others: SessionView[] = [],
  password = "old password 1",
): AccountState => ({
  sessions: [THIS_DEVICE, ...others],
  password,
  deletionCode: null,
  deletionCodeSentAt: null,
  deleted: false,
  twoFactor: { enabled: false, settingUp: false, backupCodesLeft: 0 },
  notifications: {
    matrix: DEFAULT_MATRIX,
    messagePreviews: false,
    quietHours: null,
    filterNewAccounts: false,
  },
  push: { browsers: [] },
  privacy: {
    privateAccount: false,
    followersAudience: "only_me",
    followingAudience: "only_me",
    detailsElsewhere: false,
  },
  waitingRequests: 0,
  mail: { whoCanMessage: "everyone" },
});

const fieldError = (field: string, message: string) =>
  json({ error: { code: "validation_error", message, fields: { [field]: [message] } } }, 400);

/** The viewer's account API over `state`; anything else is left to the next route. */
export function accountApi(state: AccountState): Route {
  const endOthers = () => {
    const ended = state.sessions.filter((session) => !session.current).length;
    state.sessions = state.sessions.filter((session) => session.current);
    return ended;
  };
  return ({ method, path, body }) => {
    // No data export yet (export.ts answers for the section's own tests).
    if (method === "GET" && path === "/api/account/export") {
      return json({ export: null, nextRequestAt: null });
    }
    if (method === "GET" && path === "/api/account/sessions") {
      return json({ items: state.sessions });
    }
    if (method === "POST" && path === "/api/account/sessions/sign-out-others") {
      return json({ ended: endOthers() });
    }
    const one = /^\/api\/account\/sessions\/([^/?]+)$/.exec(path);
    if (method === "DELETE" && one) {
      const session = state.sessions.find((s) => s.id === one[1]);
      if (!session)
        return json({ error: { code: "not_found", message: "Session not found." } }, 404);
      if (session.current) return fieldError("sessionId", "Use Logout to end this session.");
      state.sessions = state.sessions.filter((s) => s !== session);
      return json({ ended: 1 });
    }
    if (method === "POST" && path === "/api/account/password") {
      const { currentPassword, newPassword } = changePasswordBody.parse(body);
      if (currentPassword !== state.password) {
        return fieldError("currentPassword", "Current password is incorrect.");
      }
      if (newPassword === "password123") {
        return fieldError("newPassword", "This password is too common.");
      }
      state.password = newPassword;
      return json({ ended: endOthers() });
    }
    if (method === "GET" && path === "/api/account/notifications") {
      return json(state.notifications);
    }
    if (method === "PATCH" && path === "/api/account/notifications") {
      state.notifications = patched(state.notifications, notificationSettingsPatch.parse(body));
      return json(state.notifications);
    }
    if (method === "GET" && path === "/api/push/subscriptions") {
      return json({ items: state.push.browsers });
    }
    const browser = path.match(/^\/api\/push\/subscriptions\/([^/]+)$/)?.[1];
    if (method === "DELETE" && browser) {
      const before = state.push.browsers.length;
      state.push.browsers = state.push.browsers.filter((b) => b.id !== browser);
      return state.push.browsers.length < before
        ? json({ ok: true })
        : json({ error: { code: "not_found", message: "Browser not found" } }, 404);
    }
    if (method === "GET" && path === "/api/mail/settings") return json(state.mail);
    if (method === "PUT" && path === "/api/mail/settings") {
      state.mail = mailSettings.parse(body);
      return json(state.mail);
    }
    if (method === "GET" && path === "/api/account/privacy") return json(state.privacy);
    if (method === "PUT" && path === "/api/account/privacy") {
      const next = { ...state.privacy, ...accountPrivacyBody.parse(body) };
      const approved =
        state.privacy.privateAccount && !next.privateAccount ? state.waitingRequests : 0;
      state.waitingRequests -= approved;
      state.privacy = next;
      return json({ ...next, approved });
    }
    const codeAge = () => Math.floor((Date.now() - (state.deletionCodeSentAt ?? 0)) / 1000);
    if (method === "GET" && path === "/api/account/deletion/code") {
      if (state.deletionCode === null || codeAge() >= 600) return json({ pending: false });
      return json({
        pending: true,
        email: "ada@example.org",
        resendAfterSeconds: Math.max(0, 60 - codeAge()),
        expiresInSeconds: 600 - codeAge(),
      });
    }
    if (method === "POST" && path === "/api/account/deletion/code") {
      if (state.deletionCode !== null && codeAge() < 60) {
        const retryAfter = 60 - codeAge();
        const message = `Please wait ${retryAfter} seconds before asking for a new code.`;
        return json({ error: { code: "resend_cooldown", message, retryAfter } }, 429);
      }
      state.deletionCode = DELETION_CODE;
      state.deletionCodeSentAt = Date.now();
      return json({ email: "ada@example.org", resendAfterSeconds: 60, expiresInSeconds: 600 });
    }
    if (method === "POST" && path === "/api/account/deletion") {
      const { code } = deleteAccountBody.parse(body);
      if (state.deletionCode === null || code !== state.deletionCode) {
        return json(
          {
            error: {
              code: "invalid_code",
              message: "Invalid verification code",
              fields: { code: ["Invalid verification code"] },
            },
          },
          400,
        );
      }
      state.deleted = true;
      return json({ deleted: true });
    }
    return twoFactorApi(state)({ method, path, body });
  };
}

const conflict = (message: string) => json({ error: { code: "conflict", message } }, 409);

/** /api/account/two-factor over `state.twoFactor`, refusing as the server does. */
function twoFactorApi(state: AccountState): Route {
  const wrongPassword = (body: unknown) =>
    twoFactorPasswordBody.parse(body).password !== state.password
      ? json(
          {
            error: {
              code: "invalid_credentials",
              message: CURRENT_PASSWORD_WRONG,
              fields: { password: [CURRENT_PASSWORD_WRONG] },
            },
          },
          400,
        )
      : undefined;
  return ({ method, path, body }) => {
    const tf = state.twoFactor;
    if (method === "GET" && path === "/api/account/two-factor") {
      return json({ enabled: tf.enabled, backupCodesLeft: tf.backupCodesLeft });
    }
    if (method !== "POST") return undefined;
    if (path === "/api/account/two-factor/setup") {
      if (tf.enabled) return conflict("Two-factor authentication is already on.");
      const refused = wrongPassword(body);
      if (refused) return refused;
      tf.settingUp = true;
      return json(TEST_SETUP);
    }
    if (path === "/api/account/two-factor/enable") {
      if (!tf.settingUp) return fieldError("code", "Choose 'Set up' first.");
      if (twoFactorEnableBody.parse(body).code !== RIGHT_CODE) {
        const message = "That code is not right. Check the time on your phone and try again.";
        return json({ error: { code: "invalid_code", message, fields: { code: [message] } } }, 400);
      }
      state.twoFactor = { enabled: true, settingUp: false, backupCodesLeft: 10 };
      return json({ backupCodes: TEST_BACKUP_CODES });
    }
    if (path === "/api/account/two-factor/disable") {
      if (!tf.enabled) return conflict("Two-factor authentication is already off.");
      const refused = wrongPassword(body);
      if (refused) return refused;
      state.twoFactor = { enabled: false, settingUp: false, backupCodesLeft: 0 };
      return json({ enabled: false });
    }
    return undefined;
  };
}
