import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Failure } from '@/lib/service/failures';
import { describeFailure } from '@/lib/service/failure-words';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe('failure text', () => {
  it.each<[Failure, RegExp]>([
    [{ kind: 'not-configured', missing: ['baseUrl'] }, /^The server address cannot be used/],
    [{ kind: 'not-configured', missing: ['baseUrl', 'apiKey'] }, /^This account is not set up completely/],
    [{ kind: 'not-configured', missing: ['userId', 'password', 'apiKey'] }, /^This account is not set up completely/],
    // An account imported without its secrets: exactly what it needs.
    [{ kind: 'not-configured', missing: ['password', 'apiKey'] }, /^This account needs its apps password and API key\. Until it has them, nothing is sent/],
    [{ kind: 'not-configured', missing: ['password'] }, /^This account needs its apps password\. /],
    [{ kind: 'not-configured', missing: ['apiKey'] }, /^This account needs its API key\. /],
    [{ kind: 'api-key-unsendable' }, /^The API key contains a character that cannot be sent in a request header/],
    // getUser's 404: a mistyped server address, not a storage server still looking.
    [{ kind: 'server-not-found' }, /^There is no service at this server address \(HTTP 404\)\. Check the server address/],
  ])('names %j and sends the user to the options', (failure, message) => {
    expect(describeFailure(failure, {})).toEqual({ message: expect.stringMatching(message), remedy: 'options' });
  });
});

describe('what was wrong with an answer, in the user’s language', () => {
  it.each<[Failure, string, string]>([
    [{ kind: 'invalid-response', reason: 'html' }, 'a web page instead of data', 'データではなくウェブページが返されました'],
    [{ kind: 'invalid-response', reason: 'missing-field', field: 'node' }, "the storage server's name is missing", 'ストレージサーバー名がありません'],
    // A JSON path is never put in a sentence: each required part has its words.
    [{ kind: 'invalid-response', reason: 'invalid-field', field: 'dataset.__ROOT__.used' }, 'the used storage has an unexpected value', '使用量の値が想定外です'],
    [{ kind: 'invalid-response', reason: 'missing-field', field: 'dataset.__ROOT__' }, 'the usage part of the answer is missing', '応答の使用量の部分がありません'],
    [{ kind: 'invalid-response', reason: 'missing-field', field: 'odd.path' }, 'a required value is missing', '必要な値がありません'],
    [{ kind: 'invalid-response', reason: 'too-large' }, 'the answer was larger than 1 MiB', '応答が 1 MiB を超えています'],
    // A reason an older version stored as English text.
    [{ kind: 'invalid-response', reason: 'malformed JSON' as never }, 'an unexpected answer', '想定外の応答です'],
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
