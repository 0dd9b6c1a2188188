// The notification settings (docs/notifications.md "Kinds and channels"): read once, and each
// change saved the moment it is made. A change shows at once; if the server refuses it, what it
// changed goes back, not another change made meanwhile.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NotificationSettings,
  NotificationSettingsPatch,
  notificationSettings,
} from "../../../domain/contracts/notification-settings";
import { api, apiRequest } from "../../lib/api";
import { activityKeys } from "./activity";

export const notificationSettingsKey = ["notification-settings"] as const;
const PATH = "/api/account/notifications";

export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => api.get<typeof notificationSettings>(PATH, signal),
  });
}

/** `settings` with `patch` applied. */
export function patched(
  settings: NotificationSettings,
  patch: NotificationSettingsPatch,
): NotificationSettings {
  const matrix = { ...settings.matrix };
  for (const [kind, cells] of Object.entries(patch.matrix ?? {})) {
    const name = kind as keyof NotificationSettings["matrix"];
    matrix[name] = { ...matrix[name], ...cells };
  }
  return {
    matrix,
    messagePreviews: patch.messagePreviews ?? settings.messagePreviews,
    quietHours: patch.quietHours === undefined ? settings.quietHours : patch.quietHours,
    filterNewAccounts: patch.filterNewAccounts ?? settings.filterNewAccounts,
  };
}

/** What `before` holds of each setting `patch` names: the patch back to it. */
function projected(
  before: NotificationSettings,
  patch: NotificationSettingsPatch,
): NotificationSettingsPatch {
  const matrix = Object.fromEntries(
    Object.entries(patch.matrix ?? {}).map(([kind, cells]) => {
      const name = kind as keyof NotificationSettings["matrix"];
      const old = Object.fromEntries(
        Object.keys(cells ?? {}).map((channel) => [
          channel,
          before.matrix[name][channel as keyof NotificationSettings["matrix"][typeof name]],
        ]),
      );
      return [kind, old];
    }),
  );
  return {
    ...(patch.matrix ? { matrix } : {}),
    ...(patch.messagePreviews === undefined ? {} : { messagePreviews: before.messagePreviews }),
    ...(patch.quietHours === undefined ? {} : { quietHours: before.quietHours }),
    ...(patch.filterNewAccounts === undefined
      ? {}
      : { filterNewAccounts: before.filterNewAccounts }),
  };
}

export function useNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  const apply = (patch: NotificationSettingsPatch) =>
    queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, (old) =>
      old ? patched(old, patch) : old,
    );
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) =>
      apiRequest<typeof notificationSettings>(PATH, { method: "PATCH", body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
      apply(patch);
      return { undo: before ? projected(before, patch) : null };
    },
    onError: (_error, _patch, context) => {
      if (context?.undo) apply(context.undo);
    },
    onSuccess: (saved, patch) => {
      apply(projected(saved, patch));
      if (patch.matrix) void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}
