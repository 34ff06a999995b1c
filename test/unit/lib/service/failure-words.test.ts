import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { catalogue } from '../../../../scripts/catalogue';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import type { Failure } from '@/lib/service/failures';
import { describeFailure, type FailureRemedy } from '@/lib/service/failure-words';

beforeEach(() => fakeBrowser.reset());

/** A catalogue message with its placeholders filled, as the browser fills them. */
const words = (locale: 'en' | 'ja', key: string, subs: readonly (string | number)[] = []) =>
  catalogue(locale)[key]!.replace(/\$(\d)/g, (_, n: string) => String(subs[Number(n) - 1]));

/** Every kind of failure (each once at least), the words it is told in, and what the user can do. */
const KINDS: [Failure, key: string, subs: (string | number)[], FailureRemedy][] = [
  [{ kind: 'not-configured', missing: ['userId'] }, 'failureNotConfigured', [], 'options'],
  [{ kind: 'not-configured', missing: ['baseUrl'] }, 'failureServerUrl', [], 'options'],
  [{ kind: 'not-configured', missing: ['password'] }, 'failureNeedsPassword', [], 'options'],
  [{ kind: 'not-configured', missing: ['apiKey'] }, 'failureNeedsApiKey', [], 'options'],
  [{ kind: 'not-configured', missing: ['password', 'apiKey'] }, 'failureNeedsSecrets', [], 'options'],
  [{ kind: 'permission-missing', origin: 'https://nanao.teracloud.jp' }, 'failurePermissionMissing', ['https://nanao.teracloud.jp'], 'options'],
  [{ kind: 'credentials-rejected' }, 'failureCredentialsRejected', [], 'options'],
  [{ kind: 'api-key-rejected' }, 'failureApiKeyRejected', [], 'options'],
  [{ kind: 'api-key-unsendable' }, 'failureApiKeyUnsendable', [], 'options'],
  [{ kind: 'node-not-ready' }, 'failureNodeNotReady', [], 'wait'],
  [{ kind: 'not-found' }, 'failureNotFound', [], 'wait'],
  [{ kind: 'server-not-found' }, 'failureServerNotFound', [], 'options'],
  // The retry the extension scheduled is said beside it, from the snapshot (lib/outlook/card-words.ts).
  [{ kind: 'rate-limited', retryAfterMs: 150_000 }, 'failureRateLimited', [], 'wait'],
  [{ kind: 'rate-limited' }, 'failureRateLimited', [], 'wait'],
  [{ kind: 'server-error', status: 503 }, 'failureServerError', [503], 'wait'],
  [{ kind: 'server-error', status: 503, retryAfterMs: 60_000 }, 'failureServerError', [503], 'wait'],
  [{ kind: 'http-error', status: 418 }, 'failureHttpError', [418], 'options'],
  [{ kind: 'service-error', code: 7 }, 'failureServiceError', [7], 'wait'],
  [{ kind: 'invalid-response', reason: 'empty' }, 'failureInvalidResponse', [], 'wait'],
  [{ kind: 'redirect-refused', status: 302 }, 'failureRedirectRefused', [], 'options'],
  [{ kind: 'timeout', afterMs: 30_000 }, 'failureTimeout', [30], 'wait'],
  [{ kind: 'network' }, 'failureNetwork', [], 'wait'],
];

describe('every failure kind, in English and Japanese', () => {
  it.each(KINDS)('%j', (failure, key, subs, remedy) => {
    // The reason of an invalid answer is its own table (test/unit/failure-text.test.ts); here its sentence.
    // What an incomplete account still needs is a list of its own (below).
    const reason = (locale: 'en' | 'ja') =>
      failure.kind === 'invalid-response' ? [words(locale, 'invalidEmpty')] : key === 'failureNotConfigured' ? [words(locale, 'missingUserId')] : subs;
    for (const locale of ['en', 'ja'] as const) {
      installFakeExtensionApis({ locale });
      const described = describeFailure(failure, {});
      expect(described).toEqual({ message: words(locale, key, reason(locale)), remedy });
      for (const value of subs) expect(described.message).toContain(String(value));
    }
    // Japanese in Japanese: its own sentence, in Japanese script.
    expect(words('ja', key)).not.toBe(words('en', key));
    expect(words('ja', key)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('covers every kind there is', () => {
    // The compiler holds this list to the Failure union: a new kind must be added here, then above.
    const every: Record<Failure['kind'], true> = {
      'not-configured': true, 'permission-missing': true, 'credentials-rejected': true, 'api-key-rejected': true, 'api-key-unsendable': true,
      'node-not-ready': true, 'not-found': true, 'server-not-found': true, 'rate-limited': true, 'server-error': true, 'http-error': true, 'service-error': true,
      'invalid-response': true, 'redirect-refused': true, 'timeout': true, network: true,
    };
    expect(new Set(KINDS.map(([failure]) => failure.kind))).toEqual(new Set(Object.keys(every)));
  });
});

describe('whose API key the account sends', () => {
  /** The sentence for an account that uses Storage Keeper's application key, or its own. */
  const told = (failure: Failure, keySource: 'app' | 'own', locale: 'en' | 'ja' = 'en') => {
    installFakeExtensionApis({ locale });
    return describeFailure(failure, { keySource }).message;
  };

  it.each(['en', 'ja'] as const)('a refused application key is Storage Keeper\'s, not the user\'s (%s)', (locale) => {
    expect(told({ kind: 'api-key-rejected' }, 'app', locale)).toBe(words(locale, 'failureAppKeyRejected'));
    expect(told({ kind: 'api-key-rejected' }, 'own', locale)).toBe(words(locale, 'failureApiKeyRejected'));
  });

  it('an incomplete account is told exactly what it still needs, and an application-key account never "the API key"', () => {
    expect(told({ kind: 'not-configured', missing: ['userId', 'password'] }, 'app')).toBe(
      'This account is not set up completely: it still needs the user ID and the apps password. Until then, nothing is sent and Storage Keeper does not sign in.',
    );
    expect(told({ kind: 'not-configured', missing: ['userId', 'password', 'apiKey'] }, 'own')).toContain('the user ID, the apps password, and the API key.');
    // Its key is missing only where the build cannot send Storage Keeper's: it needs one of its own.
    expect(told({ kind: 'not-configured', missing: ['apiKey'] }, 'app')).toBe(words('en', 'failureNeedsOwnKey'));
    expect(told({ kind: 'not-configured', missing: ['password', 'apiKey'] }, 'app')).toContain(words('en', 'missingOwnApiKey'));
    expect(told({ kind: 'not-configured', missing: ['userId', 'apiKey'] }, 'app', 'ja')).toBe(
      words('ja', 'failureNotConfigured', [`${words('ja', 'missingUserId')}、${words('ja', 'missingOwnApiKey')}`]),
    );
  });
});
