import { NOTICE_ID_PREFIX } from '../store/stored-names';

// A notification's id, made and read here alone: `<prefix>:<account id>`, the prefixes being
// stored names (lib/store/stored-names.ts), since a click on a notice an older release showed
// hands its id back after the update.

/** What a notice is about: a sign-in, usage, the forecast, a bonus ending. */
export type NoticeTopic = keyof typeof NOTICE_ID_PREFIX;

/** The id of an account's notice about `topic`: one notice per topic and account on screen. */
export const noticeId = (topic: NoticeTopic, accountId: string): string =>
  `${NOTICE_ID_PREFIX[topic]}:${accountId}`;

/** What a notification's id says: its topic and account, or undefined for an id not made by noticeId. */
export function readNoticeId(id: string): { topic: NoticeTopic; accountId: string } | undefined {
  const colon = id.indexOf(':');
  const prefix = id.slice(0, colon);
  const topic = (Object.keys(NOTICE_ID_PREFIX) as NoticeTopic[]).find(
    (candidate) => NOTICE_ID_PREFIX[candidate] === prefix,
  );
  return colon > 0 && topic ? { topic, accountId: id.slice(colon + 1) } : undefined;
}

/** What a click on a notification opens: the Settings page for a sign-in (its remedy is there), the overview for the rest. */
export const clickOpens = (id: string): 'settings-page' | 'overview' =>
  readNoticeId(id)?.topic === 'signIn' ? 'settings-page' : 'overview';
