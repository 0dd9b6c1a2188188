// The servers we know of (docs/federation.md "Deliveries per server", "Domain blocks"): for each,
// the people we know there, our deliveries taken, failing and failed, the last error and when,
// and its block, with Block or Change; and a field to block a server not listed yet.
import { type FormEvent, useState } from "react";
import type { FederationServerView } from "../../../domain/contracts/federation";
import { SERVER_NAME, SERVER_NAME_HINT } from "../../../domain/fediverse-handle";
import { Button } from "../../components/controls/button";
import { LoadError } from "../../components/feedback/load-error";
import { TextField } from "../../components/form/text-field";
import { TimeStamp } from "../../components/text/time-stamp";
import { useFederationServersQuery } from "../../state/queries/federation-moderation";
import { DomainBlockDialog, type DomainBlockSubject, SEVERITY_LABELS } from "./domain-block-dialog";

const muted = "text-neutral-600 dark:text-neutral-400";
const mark = "rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap";
const cell = "px-3 py-2.5 align-top";

function Count({ value, alarm }: { value: number; alarm?: boolean }) {
  return (
    <span className={alarm && value > 0 ? "font-semibold text-red-700 dark:text-red-400" : ""}>
      {value.toLocaleString("en-US")}
    </span>
  );
}

function ServerRow({
  server,
  onBlock,
}: {
  server: FederationServerView;
  onBlock: (subject: DomainBlockSubject) => void;
}) {
  return (
    <tr>
      <th scope="row" className={`${cell} min-w-40 text-left font-semibold break-words`}>
        {server.host}
      </th>
      <td className={`${cell} text-right tabular-nums`}>
        <Count value={server.people} />
      </td>
      <td className={`${cell} text-right tabular-nums`}>
        <Count value={server.delivered} />
      </td>
      <td className={`${cell} text-right tabular-nums`}>
        <Count value={server.failing} alarm />
      </td>
      <td className={`${cell} text-right tabular-nums`}>
        <Count value={server.failed} alarm />
      </td>
      <td className={`${cell} min-w-48 text-sm`}>
        {server.lastError && server.lastErrorAt ? (
          <>
            <span className="block break-words">{server.lastError}</span>
            <TimeStamp at={server.lastErrorAt} className={`text-xs ${muted}`} />
          </>
        ) : (
          <span className={muted}>None</span>
        )}
      </td>
      <td className={cell}>
        {server.block ? (
          <span
            className={`${mark} ${server.block.severity === "suspend" ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}
          >
            {SEVERITY_LABELS[server.block.severity]}
          </span>
        ) : (
          <span className={muted}>None</span>
        )}
      </td>
      <td className={`${cell} text-right`}>
        <Button
          variant="secondary"
          aria-label={`${server.block ? "Change the block on" : "Block"} ${server.host}`}
          onClick={() => onBlock({ host: server.host, block: server.block })}
        >
          {server.block ? "Change" : "Block"}
        </Button>
      </td>
    </tr>
  );
}

function BlockAnother({ onBlock }: { onBlock: (subject: DomainBlockSubject) => void }) {
  const [host, setHost] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = host.trim().toLowerCase();
    if (!SERVER_NAME.test(name)) {
      setProblem(SERVER_NAME_HINT);
      return;
    }
    setProblem(undefined);
    onBlock({ host: name, block: null });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <TextField
        label="Block a server"
        value={host}
        onChange={(event) => setHost(event.target.value)}
        placeholder="social.example"
        autoCapitalize="none"
        spellCheck={false}
        error={problem}
        className="min-w-0 flex-1 basis-56"
      />
      <Button type="submit" variant="secondary" className="mt-7">
        Block…
      </Button>
    </form>
  );
}

export function ServerList() {
  const query = useFederationServersQuery();
  const [subject, setSubject] = useState<DomainBlockSubject | null>(null);
  const servers = query.data?.items ?? [];
  return (
    <section aria-labelledby="servers-heading" className="space-y-3">
      <h2 id="servers-heading" className="text-lg font-bold">
        Servers
      </h2>
      <BlockAnother onBlock={setSubject} />
      {query.isPending ? (
        <p role="status" className={`py-10 text-center ${muted}`}>
          Loading servers...
        </p>
      ) : query.isError ? (
        <LoadError
          message="Could not load the servers."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="py-10"
        />
      ) : servers.length === 0 ? (
        <p className={`py-10 text-center ${muted}`}>
          No other servers yet. They show here once someone here follows, or is followed by, someone
          elsewhere.
        </p>
      ) : (
        // Wider than a phone: the table scrolls sideways in its own box, the page does not (its
        // screen-reader-only labels are placed in the box too: `relative`).
        <div className="relative overflow-x-auto rounded-3xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
          <table className="w-full min-w-[46rem] text-sm">
            <caption className="sr-only">
              Servers, with our deliveries to each and its block
            </caption>
            <thead
              className={`border-b border-neutral-200 text-xs dark:border-neutral-800 ${muted}`}
            >
              <tr>
                <th scope="col" className={`${cell} text-left font-semibold`}>
                  Server
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  People
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Delivered
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Failing
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Failed
                </th>
                <th scope="col" className={`${cell} text-left font-semibold`}>
                  Last error
                </th>
                <th scope="col" className={`${cell} text-left font-semibold`}>
                  Block
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
              {servers.map((server) => (
                <ServerRow key={server.host} server={server} onBlock={setSubject} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {servers.length > 0 ? (
        <p className={`text-xs ${muted}`}>
          Failing: attempts that failed and are tried again. Failed: deliveries given up on (the
          server answered 404 or 410, or the retries ran out).
        </p>
      ) : null}
      <DomainBlockDialog subject={subject} onClose={() => setSubject(null)} />
    </section>
  );
}
