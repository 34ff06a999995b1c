import { needsTheUser, type Failure, type InvalidAnswer } from './failures';
import { t, type MessageKey } from '../i18n';

/** What the user can do about a failure: fix the account in the options, or just wait. */
export type FailureRemedy = 'options' | 'wait';

/** What an incomplete account needs, as precisely as can be said (an imported one lacks only its secrets). */
function notConfiguredKey(missing: string) {
  return missing === 'baseUrl'
    ? 'failureServerUrl'
    : missing === 'password'
      ? 'failureNeedsPassword'
      : missing === 'apiKey'
        ? 'failureNeedsApiKey'
        : missing === 'password,apiKey'
          ? 'failureNeedsSecrets'
          : 'failureNotConfigured';
}

/** A failure as one human sentence with its fix, in the browser's language. */
export function describeFailure(failure: Failure): { message: string; remedy: FailureRemedy } {
  return { message: failureMessage(failure), remedy: needsTheUser(failure) ? 'options' : 'wait' };
}

/** A failure as one sentence. When a retry is scheduled, the card says when, from the snapshot. */
function failureMessage(failure: Failure): string {
  switch (failure.kind) {
    case 'not-configured':
      return t(notConfiguredKey(failure.missing.join()));
    case 'permission-missing':
      return t('failurePermissionMissing', [failure.origin]);
    case 'credentials-rejected':
      return t('failureCredentialsRejected');
    case 'api-key-rejected':
      return t('failureApiKeyRejected');
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
  return t(INVALID_ANSWER_TEXT[reason] ?? 'invalidUnknown', [t(ANSWER_FIELD_TEXT[field] ?? 'answerFieldOther')]);
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
