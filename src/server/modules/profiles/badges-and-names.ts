// What other modules set on a profile, in their own transaction: the black badge of a face check
// (verification), the badges a moderator decides (badges), the reserved username a purchase gives
// or a lapse takes back (usernames). The SQL is in badge-and-name-queries.ts.
export { markFaceVerified, setBadges, setProfileUsername } from "./badge-and-name-queries";
