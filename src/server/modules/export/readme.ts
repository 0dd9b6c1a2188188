// README.txt of an export (docs/accounts.md "Your data"): what each file holds and how to open it.
import { FOLLOWS_CSV_HEADER } from "./file-formats";

export function readmeText(input: { siteName: string; handle: string; createdAt: Date }): string {
  return `Your ${input.siteName} data
${"=".repeat(input.siteName.length + 10)}

A copy of the data of @${input.handle}, made ${input.createdAt.toISOString()}.
Times are UTC, in ISO 8601. Deleted posts, comments and messages are not included.

profile.json    Your profile: name, handle, addresses, about, website, and every personal
                attribute (country, city, age, ...) with its value and its audience: who may see
                it ("everyone", "friends" - people you follow who follow you back - or "only_me";
                the county, filled in from your city, is seen by no more people than the city).
                Also your search setting, the sensitive attributes you consented to show, and the
                files in media/ that are your avatar, banner and profile pictures.
badge-requests.json  Your requests for the yellow badge and the veteran medal: what you sent
                (a veteran's document is not included), the moderators' questions, your answers,
                and each decision with its reason.
posts.json      Your posts, oldest first: text, content warning (null when none), images in
                order (each a file in media/posts/ with its description, "alt", and its size)
                and whether you marked them sensitive, the id of the post each quotes
                ("quoteOf", null when none), counts of likes, comments and views, when
                written and last edited.
comments.json   Your comments, oldest first: the post they are on, the comment they answer (if
                any), text, likes. A comment a moderator removed says so.
likes.json      The posts ("type": "post") and comments ("type": "comment") you liked, with the
                address of their author and when you liked them.
bookmarks.json  The posts you bookmarked, oldest first: the post, its author's address and when
                you bookmarked it. Nobody else sees your bookmarks.
followed_tags.json  The hashtags you follow, oldest first: the tag ("tag"), the form it is shown in
                ("name") and when you followed it.
muted_words.json  Your muted words, oldest first: the word, phrase or #hashtag as you wrote it
                ("text"), where it hides things ("feed", "comments", "mail"), for how long
                ("day", "week", "month" or "never"), when it expires (null: never) and when you
                added it. Nobody else sees them.
accepted_senders.json  The people you accepted out of Requests (their comments and messages
                notify you though their account is new), oldest first: their address
                ("address"), whether they are on another server ("elsewhere") and when you
                accepted them.
appeals.json    Your appeals of moderators' actions, oldest first: the action ("kind": remove,
                restrict or suspend; what it was "on"; the rule; the moderators' note to you;
                when it was taken), what you wrote, its status ("open", "approved",
                "rejected"), the decision's reason and when you appealed and it was decided.
reposts.json    The posts you reposted, oldest first: the post, its author's address and when you
                reposted it; then those from other servers, oldest first, each by its address
                there ("postUrl") and its author's (name@server). (A post quoting another is
                among your posts, in posts.json.)
following.csv   The people you follow; followers.csv: the people who follow you. One address a
                line under the header "${FOLLOWS_CSV_HEADER}",
                the layout Mastodon's "Follows" import reads.
mail.mbox       Every message of every conversation you are in, yours and the other person's, in
                mbox format (mboxrd). Open it in a mail program such as Thunderbird (for example
                with the ImportExportTools NG add-on); replies are threaded under what they answer.
media/          Your avatar (avatar.jpg), banner (banner.jpg), profile pictures (pictures/1.jpg ... 9.jpg by slot) and
                the images of your posts (posts/{post id}-1.jpg ... -4.jpg in order), as stored.
`;
}
