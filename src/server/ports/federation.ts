// What the features ask of federation (docs/federation.md "What goes out"), so they need not import
// it: whether a person's public changes must reach other servers at all.
import type { Db } from "../db/client";

export interface FederationReach {
  /** Whether someone on another server follows this person (read in the caller's transaction). */
  reachesOtherServers(db: Db, userId: string): Promise<boolean>;
}
