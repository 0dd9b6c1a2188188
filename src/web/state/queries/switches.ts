// A list of on/off choices saved one switch at a time (the e-mail and push switches of Settings):
// a change shows at once and is saved at once; if the server refuses it, that one switch goes back
// to what it was, not another that changed meanwhile.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../lib/api";

export interface SwitchChange<P> {
  name: keyof P & string;
  on: boolean;
}

/** Saves one switch of the choices cached under `queryKey` with a PATCH of `path`. */
export function useSwitchMutation<P extends Record<string, boolean>>(
  queryKey: QueryKey,
  path: string,
) {
  const queryClient = useQueryClient();
  const setSwitch = ({ name, on }: SwitchChange<P>) =>
    queryClient.setQueryData<P>(queryKey, (old) => (old ? { ...old, [name]: on } : old));
  return useMutation({
    mutationFn: ({ name, on }: SwitchChange<P>) =>
      apiRequest<z.ZodType<P>>(path, { method: "PATCH", body: { [name]: on } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      setSwitch(change);
    },
    onError: (_error, change) => setSwitch({ name: change.name, on: !change.on }),
    onSuccess: (saved, { name }) => setSwitch({ name, on: saved[name] ?? false }),
  });
}
