// What the federation's use-cases are given (docs/federation.md): the context's database, outbox,
// configuration and rate limits, and the app's one Fedify federation.
import type { Federation } from "@fedify/fedify";
import type { AppContext } from "../../context";

export type FederationDeps = Pick<AppContext, "db" | "outbox" | "config" | "limits"> & {
  federation: Federation<void>;
};
