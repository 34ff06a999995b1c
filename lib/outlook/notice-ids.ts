import { NOTICE_ID_PREFIX } from '../store/stored-names';

// A notification's id, made and read here alone: `<prefix>:<account id>`, the prefixes being
// stored names (lib/store/stored-names.ts), since a click on a notice an older release showed
// hands its id back after the update. A click on a sign-in's opens the Settings page (its
// remedy is there), on any other the overview (lib/background/display.ts).

/** What a notice is about: a sign-in, usage, the forecast, a bonus ending. */
export type NoticeTopic = keyof typeof NOTICE_ID_PREFIX;

/** The id of an account's notice about `topic`: one notice per topic and account on screen. */
export const noticeId = (topic: NoticeTopic, accountId: string): string =>
  `${NOTICE_ID_PREFIX[topic]}:${accountId}`;

/** What a notification's id says its notice is about, or undefined for an id not made by noticeId. */
export const noticeTopic = (id: string): NoticeTopic | undefined =>
  (Object.keys(NOTICE_ID_PREFIX) as NoticeTopic[]).find((topic) =>
    id.startsWith(`${NOTICE_ID_PREFIX[topic]}:`),
  );
