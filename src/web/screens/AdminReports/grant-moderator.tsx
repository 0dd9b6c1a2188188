// Admins only (docs/safety.md "Moderate"): make someone a moderator by their sign-up address.
import { type FormEvent, useState } from "react";
import { Button } from "../../components/controls/button";
import { TextField } from "../../components/form/text-field";
import { ApiRequestError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useGrantModeratorMutation } from "../../state/queries/admin";

export function GrantModerator() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const grant = useGrantModeratorMutation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError("Enter the address they signed up with.");
      return;
    }
    setError(undefined);
    grant.mutate(address, {
      onSuccess: () => {
        toast.success(`${address} is now a moderator.`);
        setEmail("");
      },
      onError: (failure) =>
        setError(failure instanceof ApiRequestError ? failure.message : "Something went wrong."),
    });
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby="grant-moderator-title"
      className="mb-6 space-y-3 rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="grant-moderator-title" className="text-base font-semibold">
        Add a moderator
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Their sign-up e-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
          className="flex-1"
        />
        <Button type="submit" busy={grant.isPending} className="sm:mt-7">
          {grant.isPending ? "Saving…" : "Make moderator"}
        </Button>
      </div>
    </form>
  );
}
