// How lists show a person elsewhere (docs/federation.md "Posts from elsewhere").

/** A person elsewhere as lists show people: their picture is our stored copy, once fetched. */
export const remoteAuthor = (row: {
  actorId: string;
  name: string;
  handle: string;
  iconMediaUrl?: string | null;
}) => ({
  userId: `fed:${row.actorId}`,
  fullName: row.name,
  handle: row.handle,
  username: null,
  profileImageUrl: row.iconMediaUrl ?? null,
  verificationType: "none" as const,
  veteran: false,
});
