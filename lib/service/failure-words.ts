import type { Failure, InvalidAnswer } from './failures';
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
  switch (failure.kind) {
    case 'not-configured':
      return { message: t(notConfiguredKey(failure.missing.join())), remedy: 'options' };
    case 'permission-missing':
      return { message: t('failurePermissionMissing', [failure.origin]), remedy: 'options' };
    case 'credentials-rejected':
      return { message: t('failureCredentialsRejected'), remedy: 'options' };
    case 'api-key-rejected':
      return { message: t('failureApiKeyRejected'), remedy: 'options' };
    case 'api-key-unsendable':
      return { message: t('failureApiKeyUnsendable'), remedy: 'options' };
    case 'node-not-ready':
      return { message: t('failureNodeNotReady'), remedy: 'wait' };
    case 'not-found':
      return { message: t('failureNotFound'), remedy: 'wait' };
    case 'rate-limited':
      return {
        message: t('failureRateLimited', [Math.ceil((failure.retryAfterMs ?? 60_000) / 60_000)]),
        remedy: 'wait',
      };
    case 'server-error':
      return { message: t('failureServerError', [failure.status]), remedy: 'wait' };
    case 'http-error':
      return { message: t('failureHttpError', [failure.status]), remedy: 'options' };
    case 'service-error':
      return { message: t('failureServiceError', [failure.code]), remedy: 'wait' };
    case 'invalid-response':
      return { message: t('failureInvalidResponse', [invalidAnswer(failure.reason, failure.field)]), remedy: 'wait' };
    case 'redirect-refused':
      return { message: t('failureRedirectRefused'), remedy: 'options' };
    case 'timeout':
      return { message: t('failureTimeout', [Math.round(failure.afterMs / 1000)]), remedy: 'wait' };
    case 'network':
      return { message: t('failureNetwork'), remedy: 'wait' };
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

/** What was wrong with an answer (a reason stored by an older version reads as unknown). */
function invalidAnswer(reason: InvalidAnswer, field = ''): string {
  return t(INVALID_ANSWER_TEXT[reason] ?? 'invalidUnknown', [field]);
}

/** 'not-configured' → 'NotConfigured': a kind's part of its message key. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** A failure's kind in a few words (a log stores kinds, so its words follow the language shown): message `outcome<Kind>`. */
export const failureKindWords = (kind: Failure['kind']): string =>
  t(`outcome${kind.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}` as `outcome${Pascal<Failure['kind']>}`);
