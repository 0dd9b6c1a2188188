// spec-1 §3 / spec-2 §3 profiles: one row per user, created with the account.
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SEARCH_FIELDS } from "../../../domain/search-fields";
import { users } from "./auth";

/** The advanced search's choice and list attributes (domain/search-fields.ts). */
const SEARCH_CODE_COLUMNS = SEARCH_FIELDS.flatMap((field) =>
  field.kind === "choice" || field.kind === "list" ? [field.column] : [],
);
type SearchCodeColumn = (typeof SEARCH_CODE_COLUMNS)[number];

/** Those attributes as one array of `column=value` codes (unset ones left out), so one GIN index
 * answers any set of equality and list filters together (docs/search.md "Search engines"). The
 * index and the PostgreSQL search engine's conditions are both written from this expression. */
export const searchCodes = (columns: Record<SearchCodeColumn, AnyPgColumn>): SQL =>
  sql`array_remove(array[${sql.join(
    SEARCH_CODE_COLUMNS.map((column) => sql`${sql.raw(`'${column}='`)} || ${columns[column]}`),
    sql`, `,
  )}], null)`;

/** A search code, as searchCodes writes them. */
export const searchCode = (column: SearchCodeColumn, value: string) => `${column}=${value}`;

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    defaultUsername: text("default_username").notNull(),
    fullName: text("full_name").notNull(),
    emailAddress: text("email_address").notNull(),
    chtchtEmail: text("chtcht_email").notNull(),
    profileImageUrl: text("profile_image_url"),
    /** The wide image at the top of the profile (docs/profiles-and-media.md "Banner"). */
    bannerUrl: text("banner_url"),
    verificationType: text("verification_type").notNull().default("none"),
    veteran: boolean("veteran").notNull().default(false),
    about: text("about"),
    websiteUrl: text("website_url"),
    /** When the website's page was last found linking back with rel="me" (docs/profiles-and-media.md
     * "Verified links"); null: not verified. Cleared whenever website_url changes. */
    websiteVerifiedAt: timestamp("website_verified_at", { withTimezone: true }),
    // spec-2 §3 personal attributes; values come from src/domain/enums lists (validated on write).
    country: text("country"),
    state: text("state"),
    county: text("county"),
    city: text("city"),
    cityLat: doublePrecision("city_lat"),
    cityLng: doublePrecision("city_lng"),
    age: integer("age"),
    gender: text("gender"),
    race: text("race"),
    sexuality: text("sexuality"),
    zodiac: text("zodiac"),
    bodyTypes: text("body_types"),
    height: text("height"),
    /** `height` in inches, derived on every save, for range filters (spec-2 §3 heightMin/Max). */
    heightInches: integer("height_inches"),
    relationshipStatus: text("relationship_status"),
    kids: text("kids"),
    /** `kids` as a number ('None' 0, '10+' 10), derived on every save, for range filters. */
    kidsCount: integer("kids_count"),
    occupation: text("occupation"),
    militaryBranch: text("military_branch"),
    militaryBase: text("military_base"),
    university: text("university"),
    hbcu: text("hbcu"),
    salary: text("salary"),
    networth: text("networth"),
    greek: text("greek"),
    religion: text("religion"),
    education: text("education"),
    causes: text("causes"),
    /** Who sees each attribute (docs/profiles-and-media.md "Who sees what"): attribute → audience;
     * a missing key is its default (domain/audiences.ts). */
    attributeAudiences: jsonb("attribute_audiences")
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    /** Off: never matched by an attribute filter or distance, only by name. */
    demographicSearch: boolean("demographic_search").notNull().default(true),
    /** Sensitive attribute → when the person agreed to show it beyond Only me. */
    sensitiveConsents: jsonb("sensitive_consents")
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    /** Filled attributes in before audiences existed: Edit Profile points at the new controls once. */
    audienceNoticeDue: boolean("audience_notice_due").notNull().default(false),
    /** Posts only for approved followers and the owner; a follow is a request first
     * (docs/social-and-realtime.md "Private accounts"). */
    privateAccount: boolean("private_account").notNull().default(false),
    /** Who may open the follower and following lists (domain/audiences.ts); Only me until the
     * person chooses. */
    followersAudience: text("followers_audience").notNull().default("only_me"),
    followingAudience: text("following_audience").notNull().default("only_me"),
    /** "Show these details on other servers": Everyone attributes, sensitive ones apart, go into
     * the actor as profile fields (docs/federation.md "What a remote server sees"). */
    detailsElsewhere: boolean("details_elsewhere").notNull().default(false),
    faceVerifiedAt: timestamp("face_verified_at", { withTimezone: true }),
    faceCaptureUrl: text("face_capture_url"),
    faceMatchScore: real("face_match_score"),
    /** user or moderator (docs/safety.md); ADMIN_EMAILS are moderators whatever this says. */
    role: text("role").notNull().default("user"),
    /** Read-only until then: no posts, comments, messages or follows (docs/safety.md). */
    restrictedUntil: timestamp("restricted_until", { withTimezone: true }),
    /** Suspended: signed out everywhere, cannot sign in, hidden with everything they wrote. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    friendsCount: integer("friends_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    followersCount: integer("followers_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_default_username_lower_idx").on(sql`lower(${t.defaultUsername})`),
    uniqueIndex("profiles_chtcht_email_idx").on(t.chtchtEmail),
    // People search: prefix matches for short queries, trigram matches for the rest.
    index("profiles_username_prefix_idx").using(
      "btree",
      sql`lower(${t.username}) text_pattern_ops`,
    ),
    index("profiles_default_username_prefix_idx").using(
      "btree",
      sql`lower(${t.defaultUsername}) text_pattern_ops`,
    ),
    index("profiles_full_name_prefix_idx").using(
      "btree",
      sql`lower(${t.fullName}) text_pattern_ops`,
    ),
    // Two letters in the header search also match the start of a name's second word.
    index("profiles_full_name_second_word_idx").using(
      "btree",
      sql`split_part(lower(${t.fullName}), ' ', 2) text_pattern_ops`,
    ),
    index("profiles_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("profiles_default_username_trgm_idx").using(
      "gin",
      sql`lower(${t.defaultUsername}) gin_trgm_ops`,
    ),
    index("profiles_full_name_trgm_idx").using("gin", sql`lower(${t.fullName}) gin_trgm_ops`),
    // The newest profiles (spec-1 §7), for local search.
    index("profiles_search_newest_idx").on(t.createdAt.desc(), t.userId.desc()),
    // The advanced search on PostgreSQL (docs/search.md "Search engines"): the name and newest
    // orders as the engine pages them, byte order, suspended people left out as every search
    // does; every choice and list filter in one GIN index, whose statistics estimate them;
    // "contains" by trigrams; the places a distance search joins. The ranges have no index of
    // their own: a bitmap of one costs more than reading the rows another index found
    // (docs/search.md "Search engines").
    index("profiles_search_name_order_idx")
      .on(sql`lower(${t.fullName}) collate "C"`, sql`${t.userId} collate "C"`)
      .where(sql`${t.suspendedAt} is null`),
    index("profiles_search_newest_order_idx")
      .on(sql`${t.createdAt} desc`, sql`${t.userId} collate "C" desc`)
      .where(sql`${t.suspendedAt} is null`),
    // Not partial: PostgreSQL reads the codes' statistics only from a whole-table index.
    index("profiles_search_codes_idx").using("gin", searchCodes(t)),
    index("profiles_city_trgm_idx").using("gin", sql`lower(${t.city}) gin_trgm_ops`),
    index("profiles_university_trgm_idx").using("gin", sql`lower(${t.university}) gin_trgm_ops`),
    index("profiles_military_base_trgm_idx").using(
      "gin",
      sql`lower(${t.militaryBase}) gin_trgm_ops`,
    ),
    index("profiles_search_place_idx")
      .on(t.cityLat, t.cityLng)
      .where(sql`${t.cityLat} is not null`),
    // People in one city, for people to follow (docs/feed.md "People to follow").
    index("profiles_city_idx").on(t.city).where(sql`${t.city} is not null`),
    // The few suspended people, read once per query by the visibility rule (docs/safety.md).
    index("profiles_suspended_idx").on(t.userId).where(sql`${t.suspendedAt} is not null`),
    check(
      "profiles_verification_type_check",
      sql`${t.verificationType} in ('none', 'yellow', 'black')`,
    ),
    check(
      "profiles_list_audiences_check",
      sql`${t.followersAudience} in ('everyone', 'friends', 'only_me') and ${t.followingAudience} in ('everyone', 'friends', 'only_me')`,
    ),
    check(
      "profiles_counts_check",
      sql`${t.friendsCount} >= 0 and ${t.followingCount} >= 0 and ${t.followersCount} >= 0`,
    ),
  ],
);

/** spec-2 §3 user_profile_pics: nine picture slots, null when empty. */
export const userProfilePics = pgTable("user_profile_pics", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  userpic1: text("userpic_1"),
  userpic2: text("userpic_2"),
  userpic3: text("userpic_3"),
  userpic4: text("userpic_4"),
  userpic5: text("userpic_5"),
  userpic6: text("userpic_6"),
  userpic7: text("userpic_7"),
  userpic8: text("userpic_8"),
  userpic9: text("userpic_9"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
