import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { catalogue } from '../../../../testbed/catalogue';
import { installFakeExtensionApis } from '../../helpers/fake-extension';
import type { Failure } from '@/lib/service/failures';
import { describeFailure, type FailureRemedy } from '@/lib/service/failure-words';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

/** A catalogue message with its placeholders filled, as the browser fills them. */
const words = (locale: 'en' | 'ja', key: string, subs: readonly (string | number)[] = []) =>
  catalogue(locale)[key]!.replace(/\$(\d)/g, (_, n: string) => String(subs[Number(n) - 1]));

/** Every kind of failure (each once at least), the words it is told in, and what the user can do. */
const KINDS: [Failure, key: string, subs: (string | number)[], FailureRemedy][] = [
  [{ kind: 'not-configured', missing: ['userId'] }, 'failureNotConfigured', [], 'settings'],
  [{ kind: 'not-configured', missing: ['baseUrl'] }, 'failureServerUrl', [], 'settings'],
  [{ kind: 'not-configured', missing: ['password'] }, 'failureNeedsPassword', [], 'settings'],
  [{ kind: 'not-configured', missing: ['apiKey'] }, 'failureNeedsApiKey', [], 'settings'],
  [
    { kind: 'not-configured', missing: ['password', 'apiKey'] },
    'failureNeedsSecrets',
    [],
    'settings',
  ],
  [
    { kind: 'permission-missing', origin: 'https://nanao.teracloud.jp' },
    'failurePermissionMissing',
    ['https://nanao.teracloud.jp'],
    'settings',
  ],
  [{ kind: 'credentials-rejected' }, 'failureCredentialsRejected', [], 'settings'],
  [{ kind: 'api-key-rejected' }, 'failureApiKeyRejected', [], 'settings'],
  [{ kind: 'api-key-unsendable' }, 'failureApiKeyUnsendable', [], 'settings'],
  [{ kind: 'node-not-ready' }, 'failureNodeNotReady', [], 'wait'],
  [{ kind: 'not-found' }, 'failureNotFound', [], 'wait'],
  [{ kind: 'server-not-found' }, 'failureServerNotFound', [], 'settings'],
  // The retry the extension scheduled is said beside it, from the snapshot (lib/outlook/card-words.ts).
  [{ kind: 'rate-limited', retryAfterMs: 150_000 }, 'failureRateLimited', [], 'wait'],
  [{ kind: 'rate-limited' }, 'failureRateLimited', [], 'wait'],
  [{ kind: 'server-error', status: 503 }, 'failureServerError', [503], 'wait'],
  [
    { kind: 'server-error', status: 503, retryAfterMs: 60_000 },
    'failureServerError',
    [503],
    'wait',
  ],
  [{ kind: 'http-error', status: 418 }, 'failureHttpError', [418], 'settings'],
  [{ kind: 'service-error', code: 7 }, 'failureServiceError', [7], 'wait'],
  [{ kind: 'invalid-response', reason: 'empty' }, 'failureInvalidResponse', [], 'wait'],
  [{ kind: 'redirect-refused', status: 302 }, 'failureRedirectRefused', [], 'settings'],
  [{ kind: 'timeout', afterMs: 30_000 }, 'failureTimeout', [30], 'wait'],
  [{ kind: 'network' }, 'failureNetwork', [], 'wait'],
];

describe('every failure kind, in English and Japanese', () => {
  it.each(KINDS)('%j', (failure, key, subs, remedy) => {
    // The reason of an invalid answer is its own table (below); here its sentence.
    // What an incomplete account still needs is a list of its own (below).
    const reason = (locale: 'en' | 'ja') =>
      failure.kind === 'invalid-response'
        ? [words(locale, 'invalidEmpty')]
        : key === 'failureNotConfigured'
          ? [words(locale, 'missingUserId')]
          : subs;
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
      'not-configured': true,
      'permission-missing': true,
      'credentials-rejected': true,
      'api-key-rejected': true,
      'api-key-unsendable': true,
      'node-not-ready': true,
      'not-found': true,
      'server-not-found': true,
      'rate-limited': true,
      'server-error': true,
      'http-error': true,
      'service-error': true,
      'invalid-response': true,
      'redirect-refused': true,
      timeout: true,
      network: true,
    };
    expect(new Set(KINDS.map(([failure]) => failure.kind))).toEqual(new Set(Object.keys(every)));
  });
});

describe('failure text', () => {
  it.each<[Failure, RegExp]>([
    [{ kind: 'not-configured', missing: ['baseUrl'] }, /^The server address cannot be used/],
    [
      { kind: 'not-configured', missing: ['baseUrl', 'apiKey'] },
      /^This account is not set up completely/,
    ],
    [
      { kind: 'not-configured', missing: ['userId', 'password', 'apiKey'] },
      /^This account is not set up completely/,
    ],
    // An account imported without its secrets: exactly what it needs.
    [
      { kind: 'not-configured', missing: ['password', 'apiKey'] },
      /^This account needs its apps password and API key\. Until it has them, nothing is sent/,
    ],
    [{ kind: 'not-configured', missing: ['password'] }, /^This account needs its apps password\. /],
    [{ kind: 'not-configured', missing: ['apiKey'] }, /^This account needs its API key\. /],
    [
      { kind: 'api-key-unsendable' },
      /^The API key contains a character that cannot be sent in a request header/,
    ],
    // getUser's 404: a mistyped server address, not a storage server still looking.
    [
      { kind: 'server-not-found' },
      /^There is no service at this server address \(HTTP 404\)\. Check the server address/,
    ],
  ])('names %j and sends the user to the options', (failure, message) => {
    expect(describeFailure(failure, {})).toEqual({
      message: expect.stringMatching(message),
      remedy: 'settings',
    });
  });
});

describe('what was wrong with an answer, in the user’s language', () => {
  it.each<[Failure, string, string]>([
    [
      { kind: 'invalid-response', reason: 'html' },
      'a web page instead of data',
      'データではなくウェブページが返されました',
    ],
    [
      { kind: 'invalid-response', reason: 'missing-field', field: 'node' },
      "the storage server's name is missing",
      'ストレージサーバー名がありません',
    ],
    // A JSON path is never put in a sentence: each required part has its words.
    [
      { kind: 'invalid-response', reason: 'invalid-field', field: 'dataset.__ROOT__.used' },
      'the used storage has an unexpected value',
      '使用量の値が想定外です',
    ],
    [
      { kind: 'invalid-response', reason: 'missing-field', field: 'dataset.__ROOT__' },
      'the usage part of the answer is missing',
      '応答の使用量の部分がありません',
    ],
    [
      { kind: 'invalid-response', reason: 'missing-field', field: 'odd.path' },
      'a required value is missing',
      '必要な値がありません',
    ],
    [
      { kind: 'invalid-response', reason: 'too-large' },
      'the answer was larger than 1 MiB',
      '応答が 1 MiB を超えています',
    ],
    // A reason an older version stored as English text.
    [
      { kind: 'invalid-response', reason: 'malformed JSON' as never },
      'an unexpected answer',
      '想定外の応答です',
    ],
  ])('%j', (failure, en, ja) => {
    installFakeExtensionApis({ locale: 'en' });
    expect(describeFailure(failure, {}).message).toContain(`(${en})`);
    installFakeExtensionApis({ locale: 'ja' });
    expect(describeFailure(failure, {}).message).toContain(`（${ja}）`);
  });
});

describe('failures that pass by themselves ask the user for nothing', () => {
  it.each<Failure>([
    { kind: 'network' },
    { kind: 'timeout', afterMs: 20_000 },
    { kind: 'server-error', status: 503, retryAfterMs: 60_000 },
    { kind: 'rate-limited', retryAfterMs: 63_072_000_000 },
    { kind: 'not-found' },
  ])('%j: wait, and no promise of minutes the schedule may not keep', (failure) => {
    const { message, remedy } = describeFailure(failure, {});
    expect(remedy).toBe('wait');
    expect(message).not.toMatch(/\d+ min/);
  });
});

describe('whose API key the account sends', () => {
  /** The sentence for an account that uses Storage Keeper's application key, or its own. */
  const told = (failure: Failure, keySource: 'app' | 'own', locale: 'en' | 'ja' = 'en') => {
    installFakeExtensionApis({ locale });
    return describeFailure(failure, { keySource }).message;
  };

  it.each(['en', 'ja'] as const)(
    "a refused application key is Storage Keeper's, not the user's (%s)",
    (locale) => {
      expect(told({ kind: 'api-key-rejected' }, 'app', locale)).toBe(
        words(locale, 'failureAppKeyRejected'),
      );
      expect(told({ kind: 'api-key-rejected' }, 'own', locale)).toBe(
        words(locale, 'failureApiKeyRejected'),
      );
    },
  );

  it('an incomplete account is told exactly what it still needs, and an application-key account never "the API key"', () => {
    expect(told({ kind: 'not-configured', missing: ['userId', 'password'] }, 'app')).toBe(
      'This account is not set up completely: it still needs the user ID and the apps password. Until then, nothing is sent and Storage Keeper does not sign in.',
    );
    expect(
      told({ kind: 'not-configured', missing: ['userId', 'password', 'apiKey'] }, 'own'),
    ).toContain('the user ID, the apps password, and the API key.');
    // Its key is missing only where the build cannot send Storage Keeper's: it needs one of its own.
    expect(told({ kind: 'not-configured', missing: ['apiKey'] }, 'app')).toBe(
      words('en', 'failureNeedsOwnKey'),
    );
    expect(told({ kind: 'not-configured', missing: ['password', 'apiKey'] }, 'app')).toContain(
      words('en', 'missingOwnApiKey'),
    );
    expect(told({ kind: 'not-configured', missing: ['userId', 'apiKey'] }, 'app', 'ja')).toBe(
      words('ja', 'failureNotConfigured', [
        `${words('ja', 'missingUserId')}、${words('ja', 'missingOwnApiKey')}`,
      ]),
    );
  });
});
