/** The instance's own actor, which signs what no person sends (docs/federation.md "Instance"). */
export const INSTANCE_ACTOR = "instance";
