// What the federation's use-cases are given (docs/federation.md): the context's database, outbox
// and configuration, and the app's one Fedify federation.
import type { Federation } from "@fedify/fedify";
import type { AppContext } from "../../context";

export type FederationDeps = Pick<AppContext, "db" | "outbox" | "config"> & {
  federation: Federation<void>;
};
