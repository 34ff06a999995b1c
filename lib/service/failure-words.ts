import { needsTheUser, type CredentialField, type Failure, type InvalidAnswer } from './failures';
import type { KeySource } from './client';
import { t, uiLocale, type MessageKey } from '../i18n/translate';

/** What the user can do about a failure: fix the account in the Settings page, or just wait. */
export type FailureRemedy = 'settings' | 'wait';

/** What the words of a failure depend on besides the failure: whose API key the account sends. */
export interface FailureContext {
  keySource?: KeySource | undefined;
}

/** Each credential field as the thing still needed (the API key: whose it must be). */
const MISSING_TEXT: Record<CredentialField | 'ownApiKey', MessageKey> = {
  baseUrl: 'missingServer',
  userId: 'missingUserId',
  password: 'missingPassword',
  apiKey: 'missingApiKey',
  ownApiKey: 'missingOwnApiKey',
};

/**
 * What an incomplete account needs, as precisely as can be said (an imported one lacks only its
 * secrets). An account set to the application key lacks a key only where the build cannot send
 * it: it needs one of its own, never "the API key" it was told it need not enter.
 */
function notConfiguredMessage(
  missing: readonly CredentialField[],
  { keySource }: FailureContext,
): string {
  const ownKey = keySource === 'app' && missing.includes('apiKey');
  const exact: Record<string, MessageKey> = {
    baseUrl: 'failureServerUrl',
    password: 'failureNeedsPassword',
    apiKey: ownKey ? 'failureNeedsOwnKey' : 'failureNeedsApiKey',
    ...(!ownKey && { 'password,apiKey': 'failureNeedsSecrets' }),
  };
  const key = exact[missing.join()];
  if (key) return t(key);
  const needed = missing.map((field) =>
    t(MISSING_TEXT[field === 'apiKey' && ownKey ? 'ownApiKey' : field]),
  );
  return t('failureNotConfigured', [
    new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(needed),
  ]);
}

/**
 * A failure as one human sentence with its fix, in the browser's language. The same failure of
 * the same account reads the same everywhere (card, Settings page, badge tooltip, notification):
 * every caller passes the account.
 */
export function describeFailure(
  failure: Failure,
  account: FailureContext,
): { message: string; remedy: FailureRemedy } {
  return {
    message: failureMessage(failure, account),
    remedy: needsTheUser(failure) ? 'settings' : 'wait',
  };
}

/** A failure as one sentence. When a retry is scheduled, the card says when, from the snapshot. */
function failureMessage(failure: Failure, account: FailureContext): string {
  switch (failure.kind) {
    case 'not-configured':
      return notConfiguredMessage(failure.missing, account);
    case 'permission-missing':
      return t('failurePermissionMissing', [failure.origin]);
    case 'credentials-rejected':
      return t('failureCredentialsRejected');
    case 'api-key-rejected':
      // Storage Keeper's own key refused is not the user's mistake: they may enter theirs.
      return t(account.keySource === 'app' ? 'failureAppKeyRejected' : 'failureApiKeyRejected');
    case 'api-key-unsendable':
      return t('failureApiKeyUnsendable');
    case 'node-not-ready':
      return t('failureNodeNotReady');
    case 'not-found':
      return t('failureNotFound');
    case 'server-not-found':
      return t('failureServerNotFound');
    case 'rate-limited':
      return t('failureRateLimited');
    case 'server-error':
      return t('failureServerError', [failure.status]);
    case 'http-error':
      return t('failureHttpError', [failure.status]);
    case 'service-error':
      return t('failureServiceError', [failure.code]);
    case 'invalid-response':
      return t('failureInvalidResponse', [invalidAnswer(failure.reason, failure.field)]);
    case 'redirect-refused':
      return t('failureRedirectRefused');
    case 'timeout':
      return t('failureTimeout', [Math.round(failure.afterMs / 1000)]);
    case 'network':
      return t('failureNetwork');
  }
}

/** What was wrong with an answer, by reason, in words. */
const INVALID_ANSWER_TEXT: Record<InvalidAnswer, MessageKey> = {
  'too-large': 'invalidTooLarge',
  empty: 'invalidEmpty',
  html: 'invalidHtml',
  'malformed-json': 'invalidMalformedJson',
  'not-an-object': 'invalidNotAnObject',
  'no-result': 'invalidNoResult',
  'missing-field': 'invalidMissingField',
  'invalid-field': 'invalidField',
  'bad-node': 'invalidBadNode',
};

/** The answer's required parts in words: a JSON path is no sentence (an odd one is "a required value"). */
const ANSWER_FIELD_TEXT: Record<string, MessageKey> = {
  node: 'answerFieldNode',
  dataset: 'answerFieldFigures',
  'dataset.__ROOT__': 'answerFieldFigures',
  'dataset.__ROOT__.quota': 'answerFieldQuota',
  'dataset.__ROOT__.used': 'answerFieldUsed',
};

/** What was wrong with an answer (a reason stored by an older version reads as unknown). */
function invalidAnswer(reason: InvalidAnswer, field = ''): string {
  return t(INVALID_ANSWER_TEXT[reason] ?? 'invalidUnknown', [
    t(ANSWER_FIELD_TEXT[field] ?? 'answerFieldOther'),
  ]);
}

/** Each failure kind in a few words, for lists of outcomes such as the activity log. */
const FAILURE_KIND_TEXT: Record<Failure['kind'], MessageKey> = {
  'not-configured': 'outcomeNotConfigured',
  'permission-missing': 'outcomePermissionMissing',
  'credentials-rejected': 'outcomeCredentialsRejected',
  'api-key-rejected': 'outcomeApiKeyRejected',
  'api-key-unsendable': 'outcomeApiKeyUnsendable',
  'node-not-ready': 'outcomeNodeNotReady',
  'not-found': 'outcomeNotFound',
  'server-not-found': 'outcomeServerNotFound',
  'rate-limited': 'outcomeRateLimited',
  'server-error': 'outcomeServerError',
  'http-error': 'outcomeHttpError',
  'service-error': 'outcomeServiceError',
  'invalid-response': 'outcomeInvalidResponse',
  'redirect-refused': 'outcomeRedirectRefused',
  timeout: 'outcomeTimeout',
  network: 'outcomeNetwork',
};

/** A failure's kind in a few words (a log stores kinds, so its words follow the language shown). */
export const failureKindWords = (kind: Failure['kind']): string => t(FAILURE_KIND_TEXT[kind]);
